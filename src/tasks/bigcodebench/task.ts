import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { DatasetError } from '../../core/errors.js';
import { validateRows } from '../../datasets/validate.js';
import type { ExecEnvironment } from '../../execution/environments/types.js';
import { cutAtStop } from '../../postprocess/stop.js';
import { requiredModulesOf } from '../kit/required-modules.js';
import type { Problem, Task } from '../types.js';
import {
  BIGCODEBENCH_DEBIAN_PACKAGES,
  BIGCODEBENCH_MODULES,
  BIGCODEBENCH_NOT_IN_DEBIAN,
} from './libs.js';
import { bigcodebenchProgram, bigcodebenchTests, calibrate } from './program.js';
import {
  ceilingHere,
  ceilingMessage,
  REFERENCE_MEASURED,
  referencePassRate,
} from './reference-failures.js';
import { sanitize } from './sanitize.js';

export type BigCodeBenchSplit = 'complete' | 'instruct';
export type BigCodeBenchSubset = 'full' | 'hard';
export type BigCodeBenchVersion = 'v0.1.4' | 'v0.1.0_hf';

export interface BigCodeBenchOptions {
  split: BigCodeBenchSplit;
  subset: BigCodeBenchSubset;
  /** Dataset version; upstream's current default is v0.1.4. */
  version?: BigCodeBenchVersion;
  /** Upstream's calibrated mode (the code prompt before the solution); on by default, as upstream. */
  calibrated?: boolean;
}

const rowSchema = z.object({
  task_id: z.string(),
  complete_prompt: z.string(),
  instruct_prompt: z.string(),
  canonical_solution: z.string(),
  code_prompt: z.string(),
  test: z.string(),
  entry_point: z.string(),
  libs: z.union([z.string(), z.array(z.string())]),
});
type Row = z.infer<typeof rowSchema>;

/** Upstream's stop words for every model (provider/utility.py EOS). */
export const BIGCODEBENCH_EOS = [
  '<|endoftext|>',
  '<|endofmask|>',
  '</s>',
  '\nif __name__',
  '\ndef main(',
  '\nprint(',
] as const;
/** Added for base models completing the code prompt (extra_eos_for_direct_completion). */
export const BIGCODEBENCH_DIRECT_EOS = ['\ndef ', '\nclass ', '\nimport ', '\nfrom ', '\nassert '];

/** Upstream's default instruction prefix for chat models (generate.py). */
export const INSTRUCTION_PREFIX =
  'Please provide a self-contained Python script that solves the following problem in a markdown code block:';

/** The chat message, as upstream's make_raw_chat_prompt builds it for an API model. */
export function bigcodebenchInstruction(problem: Problem, split: BigCodeBenchSplit): string {
  const prompt = problem.prompt.trim();
  return split === 'complete'
    ? `${INSTRUCTION_PREFIX}\n\`\`\`\n${prompt}\n\`\`\`\n`
    : `${INSTRUCTION_PREFIX}\n${prompt}\n`;
}

/** The `libs` field: a Python list literal in the published files, a list on the Hub. */
export function parseLibs(libs: string | readonly string[]): string[] {
  if (typeof libs !== 'string') return [...libs];
  return [...libs.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2] ?? '');
}

const HARD_IDS_FILE = 'bigcodebench-hard-ids.json';

/** The 148 BigCodeBench-Hard ids, from the file beside the dataset. */
function hardIds(file: string): Set<string> {
  const path = join(dirname(file), HARD_IDS_FILE);
  if (!existsSync(path)) {
    throw new DatasetError(`BigCodeBench-Hard needs ${HARD_IDS_FILE} beside ${file}`, {
      hint: 'use --data-dir with a bigcodebench/ folder holding the dataset and the Hard id list',
    });
  }
  const ids: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    throw new DatasetError(`${path}: expected a JSON list of task ids`);
  }
  return new Set(ids);
}

/**
 * A BigCodeBench problem's data: the code prompt calibration restores, the complete-split prompt
 * a samples.jsonl "completion" continues (in either split, as upstream's evaluate.py reads it),
 * the libraries used.
 */
export type BigCodeBenchData = { codePrompt: string; completePrompt: string; libs: string[] };
type BigCodeBenchProblem = Problem<BigCodeBenchData>;

function toProblem(row: Row, split: BigCodeBenchSplit): BigCodeBenchProblem {
  const prompt = split === 'complete' ? row.complete_prompt : row.instruct_prompt;
  return {
    id: row.task_id,
    language: 'python',
    prompt,
    datasetPrompt: prompt,
    tests: bigcodebenchTests(row.test),
    entryPoint: row.entry_point,
    // Upstream's ground-truth check runs `complete_prompt + "\n" + canonical_solution`.
    reference: `${row.complete_prompt}\n${row.canonical_solution}`,
    meta: {
      codePrompt: row.code_prompt,
      completePrompt: row.complete_prompt,
      libs: parseLibs(row.libs),
    },
  };
}

const ENVIRONMENT: ExecEnvironment = {
  python: {
    modules: BIGCODEBENCH_MODULES,
    debianPackages: BIGCODEBENCH_DEBIAN_PACKAGES,
    notInDebian: BIGCODEBENCH_NOT_IN_DEBIAN,
    // Upstream allows 30 GiB of address space; 8 GiB holds every reference that runs here.
    memoryBytes: 8 * 1024 ** 3,
  },
};

/** The environment modules the tests or reference import (no download check: none is flagged). */
const importedByCode = requiredModulesOf(ENVIRONMENT, /(?!)/);

/**
 * Task.requires: the third-party libraries of the row's `libs` field and those its tests import
 * (pyfakefs, requests_mock). A problem one of them does not import for is not runnable here: it
 * still runs and fails, as upstream counts it, and the run's ceiling says how many.
 */
function requiredLibraries(problem: BigCodeBenchProblem): string[] {
  const known = new Set(BIGCODEBENCH_MODULES);
  const libs = problem.meta.libs.filter((name) => known.has(name));
  return [...new Set([...libs, ...importedByCode(problem)])].sort();
}

/** The generated text without an echoed prompt. */
function generatedPart(problem: Problem, generation: string): string {
  return generation.startsWith(problem.prompt)
    ? generation.slice(problem.prompt.length)
    : generation;
}

/**
 * BigCodeBench (Zhuo et al., 2024): 1,140 practical Python tasks calling 139 libraries, each
 * checked by a unittest `TestCases` class; -hard is the 148-task subset. Complete: the
 * function's signature and docstring to continue; instruct: a natural-language description for
 * chat models. Evaluation follows upstream: sanitize, calibrated mode, every test must pass.
 */
export function bigcodebench(options: BigCodeBenchOptions): Task<BigCodeBenchData> {
  const { split, subset, version = 'v0.1.4', calibrated = true } = options;
  const name = [
    'bigcodebench',
    ...(subset === 'hard' ? ['hard'] : []),
    split,
    ...(version === 'v0.1.4' ? [] : [version]),
    ...(calibrated ? [] : ['uncalibrated']),
  ].join('-');
  const finish = (problem: BigCodeBenchProblem, code: string) => {
    const solution = sanitize(code, problem.entryPoint ?? 'task_func');
    return calibrated ? calibrate(problem.meta.codePrompt, solution) : solution;
  };
  const stops =
    split === 'complete'
      ? [...BIGCODEBENCH_EOS, ...BIGCODEBENCH_DIRECT_EOS]
      : [...BIGCODEBENCH_EOS];
  // metrics.json's `bigcodebench`; the reference pass rate is filled once the subset is known.
  const info: Record<string, unknown> = { version, split, subset, calibrated };
  return {
    name,
    description: `BigCodeBench${subset === 'hard' ? '-Hard' : ''} (${split}, ${version}${calibrated ? ', calibrated' : ''})`,
    language: 'python',
    dataset: {
      // Not pinned to a Hub commit: use --data-dir (bigcodebench/, see docs/bigcodebench.md).
      hub: {
        repo: 'bigcode/bigcodebench',
        revision: 'main',
        path: `data/${version}-00000-of-00001.parquet`,
      },
      localFile: `bigcodebench/BigCodeBench-${version}.jsonl.gz`,
    },
    // Upstream's per-task limit (BIGCODEBENCH_TIMEOUT_PER_TASK, default 240 s).
    defaultTimeoutMs: 240_000,
    environment: ENVIRONMENT,
    requires: requiredLibraries,
    stopSequences: stops,
    problems(rows, file) {
      const parsed = validateRows({ rows, file }, rowSchema);
      const keep = subset === 'hard' ? hardIds(file) : undefined;
      const problems = parsed
        .filter((row) => keep?.has(row.task_id) ?? true)
        .map((row) => toProblem(row, split));
      info['reference_pass_rate'] = {
        ...referencePassRate(problems.map((p) => p.id)),
        measured: REFERENCE_MEASURED,
      };
      return problems;
    },
    // Says, with every run, how far this machine's libraries let the references go (measured:
    // which problems' libraries import here) and records it beside the constant reference rate.
    async prepare(problems, context) {
      const ceiling = ceilingHere(
        problems.map((p) => p.id),
        context.runnable,
      );
      info['ceiling'] = ceiling;
      if (ceiling.passable < ceiling.total) context.warn(ceilingMessage(ceiling));
      return [...problems];
    },
    // Base models: upstream sanitizes the prompt followed by the completion (cut at its stops).
    // (Upstream has no base-model mode for instruct; there the completion is read as a reply.)
    postprocess: (problem, generation) => {
      const cut = cutAtStop(generatedPart(problem, generation), stops);
      return finish(problem, split === 'complete' ? problem.prompt + cut : cut);
    },
    // Upstream's evaluate.py: `complete_prompt + completion`, whichever split.
    fromCompletion: (problem, completion) => problem.meta.completePrompt + completion,
    program: bigcodebenchProgram,
    referenceSemantics: 'bigcodebench',
    instructionPrompt: (problem) => bigcodebenchInstruction(problem, split),
    // Chat models: upstream sanitizes the whole reply.
    chatPostprocess: (problem, reply) => finish(problem, reply),
    metricsInfo: { bigcodebench: info },
  };
}
