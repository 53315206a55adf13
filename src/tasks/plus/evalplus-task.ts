import { join } from 'node:path';
import { defaultCacheDir } from '../../datasets/paths.js';
import type { DatasetSpec } from '../../datasets/types.js';
import { runtimes } from '../../execution/runtimes/index.js';
import { promptPlusCut } from '../python-program.js';
import { defineTask, type Problem, type Task, type TaskPrepareContext } from '../types.js';
import { checkProgram, type OutputCheck } from './check-program.js';
import { computeExpectedOutputs, type OracleJob } from './oracle.js';
import { rawRowsByTaskId } from './raw-rows.js';
import { DEFAULT_TIME_FACTOR, plusTimeLimitMs } from './time-limits.js';

/** The suites of every EvalPlus task: the original tests, then those plus the extra inputs. */
export const PLUS_SUITES = ['base', 'plus'] as const;

/** What a task keeps per problem for `prepare` (in Problem.meta.evalplus). */
export interface EvalPlusData {
  /** Ground truth as a full program defining the entry point. */
  solution: string;
  contract: string;
  /** base_input then plus_input, as JSON argument lists. */
  inputs: unknown[];
  baseCount: number;
  atol: number;
  check: OutputCheck;
}

/** The EvalPlus fields of a validated row, as kept in Problem.meta.evalplus. */
export function evalPlusDataOf(
  row: {
    prompt: string;
    canonical_solution: string;
    contract: string;
    base_input: unknown[][];
    plus_input: unknown[][];
    atol: number;
  },
  check: OutputCheck,
): EvalPlusData {
  return {
    solution: row.prompt + row.canonical_solution,
    contract: row.contract,
    inputs: [...row.base_input, ...row.plus_input],
    baseCount: row.base_input.length,
    atol: row.atol,
    check,
  };
}

export interface EvalPlusTaskSpec {
  name: string;
  description: string;
  dataset: DatasetSpec;
  stopSequences: readonly string[];
  /** Rows → problems with `meta.evalplus` set and `tests` = the original tests. */
  problems(rows: readonly Record<string, unknown>[], file: string): Problem[];
  /**
   * Multiplier on the ground truth's measured time for the plus suite's limit (see
   * time-limits.ts); default DEFAULT_TIME_FACTOR.
   */
  timeFactor?: number;
}

export interface EvalPlusOptions {
  /** Where expected outputs are cached; false: compute every run. Default $PASSK_CACHE_DIR/plus-oracle. */
  oracleCacheDir?: string | false;
  /** Limit for one problem's ground truth on all its inputs; default 120 s. */
  oracleTimeoutMs?: number;
}

const DEFAULT_ORACLE_TIMEOUT_MS = 120_000;

/** The EvalPlus data of a problem built by an EvalPlus task. */
export function evalPlusData(problem: Problem): EvalPlusData {
  const data = problem.meta['evalplus'] as EvalPlusData | undefined;
  if (data === undefined) throw new Error(`internal: problem ${problem.id} has no EvalPlus data`);
  return data;
}

/**
 * An EvalPlus benchmark (HumanEval+, MBPP+) as a Task with suites 'base' (the dataset's
 * original tests) and 'plus' (the original tests, then every base and plus input checked
 * against the ground truth's output). `prepare` computes the expected outputs (cached) and the
 * plus suite's per-problem time limit.
 */
export function evalPlusTask(spec: EvalPlusTaskSpec, options: EvalPlusOptions = {}): Task {
  const task: Task = defineTask({
    name: spec.name,
    description: spec.description,
    language: 'python',
    dataset: spec.dataset,
    defaultTimeoutMs: 3000,
    stopSequences: spec.stopSequences,
    suites: PLUS_SUITES,
    problems: spec.problems,
    postprocess: (problem, generation) => promptPlusCut(problem, generation, spec.stopSequences),
    program(problem, candidate, suite = 'plus') {
      const tests = suite === 'base' ? problem.tests : problem.suiteTests?.[suite];
      if (tests === undefined) {
        throw new Error(`internal: ${spec.name} problem ${problem.id} has no '${suite}' suite yet`);
      }
      return { language: 'python', source: `${candidate}\n${tests}` };
    },
    prepare: (problems, context) => preparePlus(problems, context, spec, options),
  });
  return task;
}

async function preparePlus(
  problems: readonly Problem[],
  context: TaskPrepareContext,
  spec: EvalPlusTaskSpec,
  options: EvalPlusOptions,
): Promise<Problem[]> {
  const install = await (await runtimes.get('python')).resolve({});
  const rawRows =
    context.datasetFile === undefined ? undefined : await rawRowsByTaskId(context.datasetFile);
  if (rawRows === undefined) {
    context.warn(
      `${spec.name}: inputs read from a non-JSONL file; floats with integral values (1.0) reach the ground truth as ints`,
    );
  }
  const jobs = problems.map((problem): OracleJob => {
    const data = evalPlusData(problem);
    const rawRow = rawRows?.get(problem.id);
    return {
      ...(rawRow === undefined ? {} : { rawRow }),
      problemId: problem.id,
      solution: data.solution,
      entryPoint: problem.entryPoint ?? '',
      contract: data.contract,
      inputs: data.inputs,
      baseCount: data.baseCount,
    };
  });
  const results = await computeExpectedOutputs(jobs, {
    python: { path: install.interpreter, version: install.version },
    datasetSha256: context.datasetSha256,
    cacheDir: options.oracleCacheDir ?? join(defaultCacheDir(), 'plus-oracle'),
    concurrency: context.concurrency,
    timeoutMs: options.oracleTimeoutMs ?? DEFAULT_ORACLE_TIMEOUT_MS,
    ...(context.signal === undefined ? {} : { signal: context.signal }),
  });
  const factor = context.timeFactor ?? spec.timeFactor ?? DEFAULT_TIME_FACTOR;
  return problems.map((problem, index) => {
    const result = results[index]!;
    const data = evalPlusData(problem);
    if ('error' in result) {
      // Without expected outputs the plus suite is the original tests alone: said, not hidden.
      context.warn(`${problem.id}: plus inputs not checked (${result.error})`);
      return { ...problem, suiteTests: { plus: problem.tests } };
    }
    const { answer } = result;
    const plusTests = checkProgram({
      answer,
      entryPoint: problem.entryPoint ?? '',
      atol: data.atol,
      // An order that changes with the hash seed is no part of the answer.
      check: answer.orderUnstable === true && data.check === 'equal' ? 'set' : data.check,
      totalInputs: data.inputs.length,
    });
    return {
      ...problem,
      meta: { ...problem.meta, skipped_inputs: answer.skipped, gt_ms: answer.gtMs },
      suiteTests: { plus: `${problem.tests}\n${plusTests}` },
      suiteTimeoutMs: { plus: plusTimeLimitMs(answer.gtMs, context.timeoutMs, factor) },
    };
  });
}
