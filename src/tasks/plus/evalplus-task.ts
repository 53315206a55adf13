import { join } from 'node:path';
import { defaultCacheDir } from '../../datasets/paths.js';
import type { DatasetSpec } from '../../datasets/types.js';
import type { OutputJudge } from '../../execution/judge.js';
import { runtimes } from '../../execution/languages/index.js';
import { functionsUnderTest, promptPlusCut } from '../kit/python-program.js';
import type { Problem, Task, TaskPrepareContext } from '../types.js';
import { type EvalPlusDataset, MBPP_SET_EQ_ENTRY_POINTS } from './evalplus-rules.js';
import { evalPlusInstruction, evalPlusSanitize } from './evalplus-sanitize.js';
import { computeExpectedOutputs, type OracleJob } from './oracle.js';
import type { OracleAnswer, OracleCase } from './oracle-cache.js';
import { casesDigest, type JudgeCase, outsideJudge } from './outside-judge.js';
import { decodePy } from './pyvalue.js';
import { rawRowsByTaskId } from './raw-rows.js';
import { OUTSIDE_MARKER, type SuiteCase, suiteProgram } from './suite-program.js';
import {
  DEFAULT_TIME_FACTOR,
  inputLimitS,
  MIN_TIME_LIMIT_S,
  suiteTimeLimitMs,
} from './time-limits.js';

/** The suites of every EvalPlus task: base_input, then plus_input (EvalPlus's order). */
export const PLUS_SUITES = ['base', 'plus'] as const;

/** What a task keeps per problem for `prepare` (in Problem.meta.evalplus). */
export interface EvalPlusData {
  /** Ground truth as a full program defining the entry point. */
  solution: string;
  /** base_input then plus_input, as JSON argument lists. */
  inputs: unknown[];
  baseCount: number;
  atol: number;
}

/** An EvalPlus problem's data: the row's fields, then (after `prepare`) what the oracle found. */
export type EvalPlusMeta = {
  evalplus: EvalPlusData;
  /** Inputs left out of the suites, with why (OracleAnswer.skipped). */
  skipped_inputs?: OracleAnswer['skipped'];
  /** The ground truth's time on all inputs, in ms (OracleAnswer.gtMs). */
  gt_ms?: number;
};
export type EvalPlusProblem = Problem<EvalPlusMeta>;

/** The EvalPlus fields of a validated row, as kept in Problem.meta.evalplus. */
export function evalPlusDataOf(row: {
  prompt: string;
  canonical_solution: string;
  base_input: unknown[][];
  plus_input: unknown[][];
  atol: number;
}): EvalPlusData {
  return {
    solution: row.prompt + row.canonical_solution,
    inputs: [...row.base_input, ...row.plus_input],
    baseCount: row.base_input.length,
    atol: row.atol,
  };
}

export interface EvalPlusTaskSpec {
  name: string;
  description: string;
  dataset: DatasetSpec;
  /** Which EvalPlus output rules apply ('mbpp': the set and not-None tasks, …). */
  rules: EvalPlusDataset;
  stopSequences: readonly string[];
  /** Rows → problems with `meta.evalplus` set and `tests` = the original tests. */
  problems(rows: readonly Record<string, unknown>[], file: string): EvalPlusProblem[];
  /** Multiplier on the ground truth's time per input (see time-limits.ts); default 4, as EvalPlus. */
  timeFactor?: number;
  /**
   * Where outputs are compared: 'outside' (default: in passk, from the outputs the sandbox
   * returns; the candidate cannot touch the comparison) or 'in-process' (in the candidate's
   * process, as EvalPlus itself does; for bit-exact compatibility).
   */
  judge?: JudgePlacement;
}

export type JudgePlacement = 'outside' | 'in-process';

export interface EvalPlusOptions {
  /** Where expected outputs are cached; false: compute every run. Default $PASSK_CACHE_DIR/plus-oracle. */
  oracleCacheDir?: string | false;
  /** Limit for one problem's ground truth on all its inputs; default 600 s. */
  oracleTimeoutMs?: number;
}

// Generous: computed once and cached, and one ground truth (Mbpp/599) needs ~100 s on a busy machine.
const DEFAULT_ORACLE_TIMEOUT_MS = 600_000;
/** EvalPlus's default memory limit (EVALPLUS_MAX_MEMORY_BYTES). */
export const EVALPLUS_MEMORY_BYTES = 4 * 2 ** 30;

/** The EvalPlus data of a problem built by an EvalPlus task. */
export function evalPlusData(problem: EvalPlusProblem): EvalPlusData {
  // Typed, but a problem handed in from elsewhere (a library caller's) may still lack it.
  const data: EvalPlusData | undefined = problem.meta.evalplus;
  if (data === undefined) throw new Error(`internal: problem ${problem.id} has no EvalPlus data`);
  return data;
}

/**
 * An EvalPlus benchmark (HumanEval+, MBPP+) as a Task with suites 'base' (the dataset's
 * base_input) and 'plus' (its plus_input), each judged against the ground truth's outputs by
 * EvalPlus's rules; a sample passes plus only if it passes base too (evalplus/evaluate.py:
 * `plus_status == base_status == PASS`). `prepare` computes the expected outputs (cached) and
 * the per-input and per-suite time limits. A problem whose ground truth could not be run keeps
 * the dataset's original tests for both suites (said in a warning).
 */
export function evalPlusTask(spec: EvalPlusTaskSpec, options: EvalPlusOptions = {}): Task {
  const placement = spec.judge ?? 'outside';
  const judges = new Map<string, OutputJudge>();
  const task: Task<EvalPlusMeta> = {
    name: spec.name,
    description: `${spec.description}; outputs judged ${placement === 'outside' ? 'outside the candidate (in passk)' : "in the candidate's process (as EvalPlus)"}`,
    language: 'python',
    dataset: spec.dataset,
    defaultTimeoutMs: 3000,
    // EvalPlus's query_maximum_memory_bytes (eval/__init__.py): EVALPLUS_MAX_MEMORY_BYTES, 4 GiB
    // by default (capped at the machine's memory there), set as RLIMIT_AS by its guard.
    defaultMemoryBytes: EVALPLUS_MEMORY_BYTES,
    stopSequences: spec.stopSequences,
    suites: PLUS_SUITES,
    problems: spec.problems,
    postprocess: (problem, generation) => promptPlusCut(problem, generation, spec.stopSequences),
    // Chat models: EvalPlus's own codegen protocol (its OpenAI message, then its sanitize).
    instructionPrompt: (problem) => evalPlusInstruction(problem.datasetPrompt),
    chatPostprocess: (problem, reply) => evalPlusSanitize(reply, problem.entryPoint ?? ''),
    referenceSemantics: 'evalplus',
    program(problem, candidate, suite = 'plus') {
      const tests = problem.suiteTests?.[suite] ?? (suite === 'base' ? problem.tests : undefined);
      if (tests === undefined) {
        throw new Error(`internal: ${spec.name} problem ${problem.id} has no '${suite}' suite yet`);
      }
      const judge = judges.get(`${problem.id}\0${suite}`);
      if (judge === undefined && tests.includes(OUTSIDE_MARKER)) {
        // Fail closed: the outside driver only reports outputs; without its judge it would pass anything.
        throw new Error(`internal: ${spec.name} problem ${problem.id} has no judge for '${suite}'`);
      }
      // Run as EvalPlus runs it (its reliability_guard, `open` included; docs/environments.md).
      const program = {
        language: 'python',
        source: `${candidate}\n${tests}`,
        semantics: 'evalplus',
      } as const;
      if (judge) return { ...program, judge };
      // The dataset's own tests (no expected outputs here): judged outside by the tests' asserts.
      const functionServer = {
        candidate,
        tests: `\n${tests}`,
        entryPoints: functionsUnderTest(problem),
      };
      return { ...program, functionServer };
    },
    prepare: (problems, context) =>
      preparePlus(problems, context, { spec, options, placement, judges }),
    metricsInfo: {
      judge: {
        placement,
        rules: 'EvalPlus check_output (evalplus/eval/__init__.py), special oracles included',
        min_time_limit_s: MIN_TIME_LIMIT_S,
        // once an expected output is a float, the tolerance stays for the suite's later inputs
        atol_carries_over: true,
        gt_time_limit_factor: spec.timeFactor ?? DEFAULT_TIME_FACTOR,
      },
    },
  };
  return task;
}

interface PrepareState {
  spec: EvalPlusTaskSpec;
  options: EvalPlusOptions;
  placement: JudgePlacement;
  judges: Map<string, OutputJudge>;
}

async function preparePlus(
  problems: readonly EvalPlusProblem[],
  context: TaskPrepareContext,
  state: PrepareState,
): Promise<EvalPlusProblem[]> {
  const { spec, options } = state;
  const { toolchain: install } = await (await runtimes.get('python')).resolve({});
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
      inputs: data.inputs,
      baseCount: data.baseCount,
      dataset: spec.rules,
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
    for (const suite of PLUS_SUITES) state.judges.delete(`${problem.id}\0${suite}`);
    if ('error' in result) {
      // Without expected outputs both suites are the original tests alone: said, not hidden.
      context.warn(`${problem.id}: inputs not checked (${result.error})`);
      return { ...problem, suiteTests: { base: problem.tests, plus: problem.tests } };
    }
    if (
      result.answer.orderUnstable === true &&
      !MBPP_SET_EQ_ENTRY_POINTS.has(problem.entryPoint ?? '')
    ) {
      // EvalPlus compares these exactly; its ground truth and candidates share one hash seed
      // only when both run in one evaluation, so its own verdict varies too. Said, not hidden.
      context.warn(
        `${problem.id}: the ground truth's output order depends on the hash seed; compared exactly, as EvalPlus does`,
      );
    }
    const built = buildSuites(problem, result.answer, {
      ...state,
      factor,
      floorMs: context.timeoutMs,
    });
    return {
      ...problem,
      meta: { ...problem.meta, skipped_inputs: result.answer.skipped, gt_ms: result.answer.gtMs },
      suiteTests: built.tests,
      suiteTimeoutMs: built.timeoutMs,
    };
  });
}

/** Each suite's test program, time limit and (outside mode) judge, from the oracle's answer. */
function buildSuites(
  problem: EvalPlusProblem,
  answer: OracleAnswer,
  state: PrepareState & { factor: number; floorMs: number },
): { tests: Record<string, string>; timeoutMs: Record<string, number> } {
  const data = evalPlusData(problem);
  const entryPoint = problem.entryPoint ?? '';
  const tests: Record<string, string> = {};
  const timeoutMs: Record<string, number> = {};
  for (const suite of PLUS_SUITES) {
    const inSuite = answer.cases.filter(([i]) => (suite === 'base') === i < data.baseCount);
    const total = suite === 'base' ? data.baseCount : data.inputs.length - data.baseCount;
    const limits = inSuite.map((c) => inputLimitS(c[6] ?? 0, state.factor));
    const offset = suite === 'base' ? 0 : data.baseCount; // messages count inputs within the suite
    const cases: SuiteCase[] = inSuite.map((c, k) => ({
      index: c[0] - offset,
      args: c[1],
      expected: c[2],
      isDigest: c[3],
      limitS: limits[k]!,
      cap: outputCap(c),
    }));
    const common = { dataset: state.spec.rules, entryPoint, atol: data.atol, cases, total };
    tests[suite] = suiteProgram({ mode: state.placement, ...common });
    const gtTotalS = inSuite.reduce((total, c) => total + (c[6] ?? 0), 0);
    timeoutMs[suite] = suiteTimeLimitMs(limits, state.floorMs, gtTotalS);
    if (state.placement === 'outside') {
      const judgeCases = inSuite.map((c) => toJudgeCase(c, offset));
      state.judges.set(
        `${problem.id}\0${suite}`,
        outsideJudge({ ...common, cases: judgeCases, expectedDigest: casesDigest(judgeCases) }),
      );
    }
  }
  return { tests, timeoutMs };
}

function toJudgeCase(c: OracleCase, offset: number): JudgeCase {
  const args = decodePy(c[4] ?? []);
  if (!Array.isArray(args)) throw new Error('internal: encoded arguments are not a list');
  return {
    index: c[0] - offset,
    args,
    expected: c[3] ? { digest: c[2] } : { value: decodePy(c[5] ?? null) },
  };
}

/**
 * Most characters a candidate's encoded output may take: generous against the expected one
 * (4× + 4 KiB), so a right answer always fits and a runaway one cannot flood the channel.
 */
function outputCap(c: OracleCase): number {
  return 4 * JSON.stringify(c[5] ?? null).length + 4096;
}
