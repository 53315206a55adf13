import { ConfigError } from '../../core/errors.js';
import { customFormat, FIM_FORMATS, type FimFormat } from '../infilling/task.js';
import type { Task } from '../types.js';
import { DS1000_ENVIRONMENT, requiredModules } from './environment.js';
import { type Ds1000Mode, type Ds1000Selection, ds1000Name, LIBRARIES } from './names.js';
import { chatAnswer, completionAnswer, DS1000_STOPS, upstreamPostprocess } from './postprocess.js';
import { ds1000Program } from './program.js';
import { asksInsertion, insertionParts } from './prompts.js';
import { type Ds1000Data, type Ds1000Problem, ds1000Problems, libraryOf } from './rows.js';

function fimFormat(name: string): FimFormat {
  const format = name === 'custom' ? customFormat() : FIM_FORMATS[name];
  if (format === undefined) {
    throw new ConfigError(`unknown --fim-format '${name}'`, {
      hint: `one of ${[...Object.keys(FIM_FORMATS), 'custom'].join(', ')}`,
    });
  }
  return format;
}

/** The problems of a selection, with the insertion prompt where the mode asks for one. */
function select(
  problems: Ds1000Problem[],
  library: Ds1000Selection,
  mode: Ds1000Mode,
  format: FimFormat,
): Ds1000Problem[] {
  const chosen = problems.filter((p) =>
    library === 'all'
      ? mode === 'completion' || libraryOf(p) !== 'Matplotlib'
      : libraryOf(p) === library,
  );
  return chosen.map((p) => {
    if (!asksInsertion(p, mode)) return p;
    const { prefix, suffix } = insertionParts(p);
    return { ...p, prompt: format.build(prefix, suffix), meta: { ...p.meta, prefix, suffix } };
  });
}

/**
 * DS-1000 (Lai et al., 2022) in its 2024 simplified format: 1,000 data-science problems over
 * seven libraries, judged as upstream's test_ds1000.py judges them (see program.ts), with
 * pass@k per library in metrics.json `breakdown`. `mode` 'completion' sends the dataset's
 * prompt; 'insertion' sends prefix and suffix in a FIM layout (`format`, as --fim-format).
 */
export function ds1000(
  library: Ds1000Selection,
  mode: Ds1000Mode,
  formatName = 'starcoder',
): Task<Ds1000Data> {
  const format = fimFormat(formatName);
  const stops = mode === 'insertion' ? [...format.stops, ...DS1000_STOPS] : [...DS1000_STOPS];
  const which = library === 'all' ? 'all libraries' : library;
  return {
    name: ds1000Name(library, mode, formatName),
    description: `DS-1000, ${which}, ${mode} prompts${mode === 'insertion' ? ` (${formatName} FIM)` : ''}`,
    language: 'python',
    dataset: {
      hub: {
        repo: 'xlangai/DS-1000',
        revision: '4416080ac5cb80bdf7576aefb8f9a0b4d5426a44',
        path: 'test.jsonl',
      },
      localFile: 'ds1000/ds1000.jsonl.gz',
    },
    // Upstream's test_ds1000.py gives each program 120 s (imports of torch or sklearn alone
    // take seconds on a loaded machine).
    defaultTimeoutMs: 120_000,
    stopSequences: stops,
    problems: (rows, file) => select(ds1000Problems(rows, file), library, mode, format),
    postprocess: (problem, generation) => completionAnswer(problem.prompt, generation, stops),
    // An answer file's `code` as upstream's test_ds1000.py reads it: its clean-up, no prompt.
    fromCompletion: (_problem, completion) => upstreamPostprocess(completion),
    program: ds1000Program,
    // Upstream's prompt is already an instruction (question, context, where the answer goes).
    instructionPrompt: (problem) => problem.datasetPrompt,
    chatPostprocess: (_problem, reply) => chatAnswer(reply),
    breakdown: { by: 'library', groupOf: libraryOf, order: LIBRARIES },
    environment: DS1000_ENVIRONMENT,
    requires: requiredModules,
  };
}
