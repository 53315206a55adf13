import { ConfigError } from '../index.js';

/**
 * The reference harnesses' flags and what passk does with each, so that a bigcode-evaluation-
 * harness (main.py, arguments.py) or EvalPlus (`evalplus.evaluate`) command line works, or says
 * why not. Keys are spelled with underscores, as argparse wants them (Fire takes both).
 * Flags spelled like a passk flag once `_` becomes `-` (`--n_samples`, `--limit_start`) need no
 * entry: harness-flags.ts reads those as the passk flag.
 */

export type Harness = 'bigcode' | 'EvalPlus';

export type HarnessFlag =
  /** The same meaning under another name; `value` rewrites the value where names differ. */
  | { kind: 'alias'; passk: string; value?: (value: string) => string }
  /** No effect here, as in the reference (e.g. generation flags when scoring a file). */
  | { kind: 'ignored'; why: string; value?: (value: string) => void }
  /** Cannot be honoured: refused, naming what to do instead. */
  | { kind: 'refused'; why: string };

export interface HarnessFlagEntry {
  harness: Harness;
  /** Whether the flag is followed by a value (`--tasks humaneval`), for skipping it. */
  takesValue: boolean;
  /** What it does per passk command; a command not listed refuses it as not applying. */
  evaluate?: HarnessFlag;
  run?: HarnessFlag;
}

const NO_MODEL_LOADING: HarnessFlag = {
  kind: 'refused',
  why: 'passk loads no model itself: serve it (vLLM, TGI, llama.cpp) and pass --model openai-compatible --base-url URL --model-name NAME, or --model llama-cpp --model-name FILE.gguf',
};
/** bigcode ignores its generation flags when --load_generations_path is given; so does evaluate. */
const NOT_WHEN_SCORING: HarnessFlag = {
  kind: 'ignored',
  why: 'it only matters for generation, and bigcode ignores it too when scoring a file',
};

function modelLoading(): HarnessFlagEntry {
  return {
    harness: 'bigcode',
    takesValue: false,
    evaluate: NOT_WHEN_SCORING,
    run: NO_MODEL_LOADING,
  };
}
function modelLoadingValue(): HarnessFlagEntry {
  return { ...modelLoading(), takesValue: true };
}
function generationFlag(run: HarnessFlag, takesValue = true): HarnessFlagEntry {
  return { harness: 'bigcode', takesValue, evaluate: NOT_WHEN_SCORING, run };
}

/** bigcode's task list: one task per passk command, and no wildcards. */
function oneTask(value: string): string {
  if (/[,*?[]/.test(value)) {
    throw new ConfigError(
      `--tasks ${value}: passk scores one task per command (no lists or wildcards): run one command per task (see \`passk tasks\`)`,
    );
  }
  return value;
}

/** EvalPlus's --dataset names the base benchmark; passk's tasks with both suites are NAMEplus. */
function evalplusDataset(value: string): string {
  if (value === 'humaneval' || value === 'mbpp') return `${value}plus`;
  throw new ConfigError(`--dataset ${value}: EvalPlus's datasets are humaneval and mbpp`);
}

const INSTRUCT_ONLY = "passk's HumanEvalPack tasks always use bigcode's --prompt instruct";

/** bigcode's --prompt: passk builds HumanEvalPack prompts as its `instruct` style only. */
function instructOnly(value: string): void {
  if (value !== 'instruct') {
    throw new ConfigError(
      `--prompt ${value}: ${INSTRUCT_ONLY}; other prompt styles are not available`,
    );
  }
}

const REFUSE_OUTPUT_PATH = (what: string): HarnessFlag => ({
  kind: 'refused',
  why: `passk writes ${what} inside the run folder: give --output-dir DIR`,
});

export const HARNESS_FLAGS: Record<string, HarnessFlagEntry> = {
  // bigcode-evaluation-harness: what passk can honour
  tasks: {
    harness: 'bigcode',
    takesValue: true,
    evaluate: { kind: 'alias', passk: '--task', value: oneTask },
    run: { kind: 'alias', passk: '--task', value: oneTask },
  },
  load_generations_path: {
    harness: 'bigcode',
    takesValue: true,
    evaluate: { kind: 'alias', passk: '--generations' },
    run: { kind: 'refused', why: 'to score a file use passk evaluate --generations FILE' },
  },
  metric_output_path: {
    harness: 'bigcode',
    takesValue: true,
    evaluate: { kind: 'alias', passk: '--bigcode-json' },
    run: { kind: 'alias', passk: '--bigcode-json' },
  },
  load_data_path: {
    harness: 'bigcode',
    takesValue: true,
    evaluate: { kind: 'alias', passk: '--descriptions' },
    run: { kind: 'alias', passk: '--descriptions' },
  },
  save_generations: {
    harness: 'bigcode',
    takesValue: false,
    evaluate: NOT_WHEN_SCORING,
    run: { kind: 'ignored', why: 'passk always writes generations.json in the run folder' },
  },
  save_generations_path: {
    harness: 'bigcode',
    takesValue: true,
    evaluate: NOT_WHEN_SCORING,
    run: REFUSE_OUTPUT_PATH('generations.json'),
  },
  save_references_path: {
    harness: 'bigcode',
    takesValue: true,
    evaluate: REFUSE_OUTPUT_PATH('references.json (with --save-references)'),
    run: REFUSE_OUTPUT_PATH('references.json (with --save-references)'),
  },
  check_references: {
    harness: 'bigcode',
    takesValue: false,
    run: { kind: 'refused', why: 'to score the references use passk run --model reference' },
  },
  // bigcode: generation flags passk has no counterpart for (refused in run, ignored in evaluate)
  // run's --model is passk's own (the backend); `evaluate --model` is bigcode's, unused there.
  model: { harness: 'bigcode', takesValue: true, evaluate: NOT_WHEN_SCORING },
  temperature: { harness: 'bigcode', takesValue: true, evaluate: NOT_WHEN_SCORING },
  top_p: { harness: 'bigcode', takesValue: true, evaluate: NOT_WHEN_SCORING },
  seed: { harness: 'bigcode', takesValue: true, evaluate: NOT_WHEN_SCORING },
  modeltype: modelLoadingValue(),
  peft_model: modelLoadingValue(),
  revision: modelLoadingValue(),
  precision: modelLoadingValue(),
  max_memory_per_gpu: modelLoadingValue(),
  use_auth_token: modelLoading(),
  trust_remote_code: modelLoading(),
  load_in_8bit: modelLoading(),
  load_in_4bit: modelLoading(),
  left_padding: modelLoading(),
  batch_size: generationFlag({
    kind: 'refused',
    why: "bigcode's is the model's batch on the GPU; passk's --batch-size is requests in flight per server (give it under that name if you mean that)",
  }),
  max_length_generation: generationFlag({
    kind: 'refused',
    why: "it counts prompt and generation; passk's --max-new-tokens counts the generated tokens only",
  }),
  do_sample: generationFlag({
    kind: 'refused',
    why: 'passk samples by default; greedy decoding is --preset greedy',
  }),
  top_k: generationFlag({
    kind: 'refused',
    why: 'the OpenAI API has no top_k: pass it to servers that take it with --extra-body \'{"top_k": K}\'',
  }),
  eos: generationFlag({
    kind: 'refused',
    why: "the server's tokenizer ends generation; passk applies the task's stop sequences itself",
  }),
  prefix: generationFlag({
    kind: 'refused',
    why: "passk sends the task's prompt unchanged (no prefix); a chat model's system message is --system-prompt",
  }),
  prompt: {
    harness: 'bigcode',
    takesValue: true,
    evaluate: { kind: 'ignored', why: INSTRUCT_ONLY, value: instructOnly },
    run: { kind: 'ignored', why: INSTRUCT_ONLY, value: instructOnly },
  },
  save_every_k_tasks: generationFlag({
    kind: 'refused',
    why: 'passk journals every sample as it arrives: continue a stopped run with --resume RUN_DIR',
  }),
  load_generations_intermediate_paths: generationFlag({
    kind: 'refused',
    why: 'passk journals every sample as it arrives: continue a stopped run with --resume RUN_DIR',
  }),
  postprocess: {
    harness: 'bigcode',
    takesValue: false,
    evaluate: { kind: 'refused', why: "passk always post-processes as the task's reference does" },
    run: { kind: 'refused', why: "passk always post-processes as the task's reference does" },
  },
  // EvalPlus (evalplus.evaluate)
  samples: {
    harness: 'EvalPlus',
    takesValue: true,
    evaluate: { kind: 'alias', passk: '--generations' },
  },
  dataset: {
    harness: 'EvalPlus',
    takesValue: true,
    evaluate: { kind: 'alias', passk: '--task', value: evalplusDataset },
  },
  parallel: {
    harness: 'EvalPlus',
    takesValue: true,
    evaluate: { kind: 'alias', passk: '--workers' },
  },
  i_just_wanna_run: {
    harness: 'EvalPlus',
    takesValue: false,
    evaluate: { kind: 'alias', passk: '--overwrite' },
  },
  gt_time_limit_factor: {
    harness: 'EvalPlus',
    takesValue: true,
    evaluate: { kind: 'alias', passk: '--time-factor' },
  },
  base_only: {
    harness: 'EvalPlus',
    takesValue: false,
    evaluate: {
      kind: 'ignored',
      why: "passk runs both suites; the base score is the summary's base line (metrics.json suites.base)",
    },
  },
  min_time_limit: {
    harness: 'EvalPlus',
    takesValue: true,
    evaluate: {
      kind: 'refused',
      why: "passk's per-input floor follows EvalPlus and has no flag; --time-factor sets the factor",
    },
  },
  mini: {
    harness: 'EvalPlus',
    takesValue: false,
    evaluate: {
      kind: 'refused',
      why: 'passk has the full HumanEval+ v0.1.10 and MBPP+ v0.2.0 only',
    },
  },
  noextreme: {
    harness: 'EvalPlus',
    takesValue: false,
    evaluate: {
      kind: 'refused',
      why: 'passk has the full HumanEval+ v0.1.10 and MBPP+ v0.2.0 only',
    },
  },
  version: {
    harness: 'EvalPlus',
    takesValue: true,
    evaluate: { kind: 'refused', why: 'passk has HumanEval+ v0.1.10 and MBPP+ v0.2.0 only' },
  },
  output_file: {
    harness: 'EvalPlus',
    takesValue: true,
    evaluate: REFUSE_OUTPUT_PATH('results.jsonl and metrics.json'),
  },
  test_details: {
    harness: 'EvalPlus',
    takesValue: false,
    evaluate: {
      kind: 'refused',
      why: "passk keeps each sample's verdict and first failure (results.jsonl), not every input's",
    },
  },
};
