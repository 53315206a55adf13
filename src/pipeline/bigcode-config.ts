import type { CandidateSource } from './candidates.js';

/** What a run knows that bigcode-evaluation-harness records as its command-line arguments. */
export interface BigcodeConfigInput {
  task: string;
  candidates: CandidateSource;
  /** Most samples scored for any problem. */
  nSamples: number;
  saveReferences: boolean;
  /** `generation` of a model run's provenance (generation.json), when there was one. */
  generation?: unknown;
  /** bigcode's instruct tasks: the delimiters the prompts were built with. */
  instructionTokens?: unknown;
  /** `--descriptions` (bigcode's `--load_data_path` for humanevalexplainsynthesize-*). */
  taskInput?: string;
}

interface GenerationFacts {
  fingerprint?: { temperature?: number; topP?: number; maxNewTokens?: number; seed?: number };
  provenance?: { model?: string; serverModel?: string };
}

/**
 * bigcode's `config` keys (main.py stores `vars(args)`) with passk's equivalent values, so
 * scripts written for bigcode's metrics.json find them; null where passk has no equivalent.
 * `limit` and `limit_start` are passk's own keys already, with bigcode's meaning. File names are
 * relative to the run directory (so shards of one run agree on them).
 * `max_length_generation` is null: bigcode counts the prompt in it, passk's `--max-new-tokens`
 * (`max_new_tokens`) does not.
 */
export function bigcodeConfig(input: BigcodeConfigInput): Record<string, unknown> {
  const generation = (input.generation ?? {}) as GenerationFacts;
  const sampling = generation.fingerprint;
  const file = input.candidates.kind === 'file' ? input.candidates.path : null;
  return {
    tasks: input.task,
    model: modelName(input.candidates, generation),
    prefix: '',
    do_sample: sampling?.temperature === undefined ? null : sampling.temperature > 0,
    temperature: sampling?.temperature ?? null,
    top_k: sampling === undefined ? null : 0,
    top_p: sampling?.topP ?? null,
    n_samples: input.nSamples,
    seed: sampling?.seed ?? null,
    eos: null,
    instruction_tokens: Array.isArray(input.instructionTokens)
      ? input.instructionTokens.join(',')
      : null,
    max_length_generation: null,
    max_new_tokens: sampling?.maxNewTokens ?? null,
    postprocess: true,
    allow_code_execution: true,
    generation_only: false,
    check_references: input.candidates.kind === 'reference',
    load_generations_path: file,
    load_data_path: input.taskInput ?? null,
    metric_output_path: 'metrics.json',
    save_generations: true,
    save_generations_path: 'generations.json',
    save_references: input.saveReferences,
    save_references_path: input.saveReferences ? 'references.json' : null,
  };
}

function modelName(candidates: CandidateSource, generation: GenerationFacts): string | null {
  if (candidates.kind === 'reference') return 'reference';
  return generation.provenance?.serverModel ?? generation.provenance?.model ?? null;
}
