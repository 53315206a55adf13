import { z } from 'zod';
import { ConfigError } from '../../core/errors.js';
import { validateRows } from '../../datasets/validate.js';
import { cutAtStop } from '../../postprocess/stop.js';
import type { Problem, Task } from '../types.js';

const rowSchema = z.object({
  task_id: z.string(),
  prompt: z.string(),
  suffix: z.string(),
  canonical_solution: z.string(),
  test: z.string(),
  entry_point: z.string(),
});

/** A fill-in-the-middle prompt layout: the model's sentinels and its end-of-text tokens. */
export interface FimFormat {
  build(prefix: string, suffix: string): string;
  stops: readonly string[];
}

/** The model families' own FIM layouts (their tokenizers' special tokens). */
export const FIM_FORMATS: Readonly<Record<string, FimFormat>> = {
  starcoder: {
    build: (p, s) => `<fim_prefix>${p}<fim_suffix>${s}<fim_middle>`,
    stops: ['<|endoftext|>', '<file_sep>'],
  },
  santacoder: {
    build: (p, s) => `<fim-prefix>${p}<fim-suffix>${s}<fim-middle>`,
    stops: ['<|endoftext|>'],
  },
  codellama: { build: (p, s) => `<PRE> ${p} <SUF>${s} <MID>`, stops: ['<EOT>', '</s>'] },
  deepseek: {
    build: (p, s) => `<｜fim▁begin｜>${p}<｜fim▁hole｜>${s}<｜fim▁end｜>`,
    stops: ['<｜end▁of▁sentence｜>', '<|EOT|>'],
  },
  qwen: {
    build: (p, s) => `<|fim_prefix|>${p}<|fim_suffix|>${s}<|fim_middle|>`,
    stops: ['<|endoftext|>', '<|fim_pad|>', '<|file_sep|>', '<|repo_name|>'],
  },
};

/**
 * `--fim-format custom`: the template in PASSK_FIM_TEMPLATE, with `{prefix}` and `{suffix}`
 * (each exactly once); stop strings, if any, in PASSK_FIM_STOP separated by `|`.
 */
export function customFormat(
  env: NodeJS.ProcessEnv = process.env,
): FimFormat & { template: string } {
  const template = env['PASSK_FIM_TEMPLATE'] ?? '';
  const once = (marker: string) => template.split(marker).length === 2;
  if (!once('{prefix}') || !once('{suffix}')) {
    throw new ConfigError(
      '--fim-format custom needs PASSK_FIM_TEMPLATE with {prefix} and {suffix}',
      {
        hint: "e.g. PASSK_FIM_TEMPLATE='<PRE>{prefix}<SUF>{suffix}<MID>'",
      },
    );
  }
  const stops = (env['PASSK_FIM_STOP'] ?? '').split('|').filter((s) => s !== '');
  return {
    template,
    stops,
    build: (p, s) => template.replace('{prefix}', () => p).replace('{suffix}', () => s),
  };
}

export const INFILLING_SETS = {
  'single-line': 'HumanEval-SingleLineInfilling',
  'multi-line': 'HumanEval-MultiLineInfilling',
  'random-span': 'HumanEval-RandomSpanInfilling',
  'random-span-light': 'HumanEval-RandomSpanInfillingLight',
} as const;

/**
 * HumanEval infilling (Bavarian et al., 2022): a span of a canonical solution is cut out; the model
 * sees the prefix and suffix in its family's FIM layout and writes the middle. Judged as upstream
 * (openai/human-eval-infilling execution.py): prefix + middle + suffix, then the test and
 * `check(entry_point)`. The candidate is prefix + middle, so human-eval-infilling `completion`
 * files (appended to the prefix) are read as they are.
 */
/** An infilling problem's data: the code after the gap, appended to the candidate. */
export type InfillingData = { suffix: string };

export function humanEvalInfilling(
  set: keyof typeof INFILLING_SETS,
  formatName: string,
): Task<InfillingData> {
  const format = formatName === 'custom' ? customFormat() : FIM_FORMATS[formatName];
  if (format === undefined) {
    throw new ConfigError(`unknown --fim-format '${formatName}'`, {
      hint: `one of ${[...Object.keys(FIM_FORMATS), 'custom'].join(', ')}`,
    });
  }
  const base = `humaneval-infilling-${set}`;
  return {
    name: formatName === 'starcoder' ? base : `${base}:${formatName}`,
    description: `HumanEval ${set} infilling, ${formatName} FIM prompt${'template' in format ? ` (${String(format.template)})` : ''}`,
    language: 'python',
    dataset: {
      hub: {
        host: 'github',
        repo: 'openai/human-eval-infilling',
        revision: '88062ff9859c875d04db115b698ed4b0f0395170',
        path: `data/${INFILLING_SETS[set]}.jsonl.gz`,
      },
      localFile: `human-eval-infilling/${INFILLING_SETS[set]}.jsonl.gz`,
    },
    defaultTimeoutMs: 3000,
    stopSequences: format.stops,
    problems(rows, file) {
      return validateRows({ rows, file }, rowSchema).map(
        (row): Problem<InfillingData> => ({
          id: row.task_id,
          language: 'python',
          prompt: format.build(row.prompt, row.suffix),
          datasetPrompt: row.prompt,
          tests: `\n${row.test}\ncheck(${row.entry_point})`,
          entryPoint: row.entry_point,
          reference: row.prompt + row.canonical_solution,
          meta: { suffix: row.suffix },
        }),
      );
    },
    postprocess(problem, generation) {
      const middle = generation.startsWith(problem.prompt)
        ? generation.slice(problem.prompt.length)
        : generation;
      return problem.datasetPrompt + cutAtStop(middle, format.stops);
    },
    // human-eval-infilling's execution.py is human-eval's, reliability_guard included.
    referenceSemantics: 'human-eval',
    program: (problem, candidate) => ({
      language: 'python',
      source: `${candidate}${problem.meta.suffix}\n${problem.tests}\n`,
      semantics: 'human-eval',
    }),
  };
}
