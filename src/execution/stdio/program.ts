import type { OutputJudge } from '../judge.js';
import type { Program } from '../types.js';
import { RESULT_FD } from '../worker/protocol.js';
import { DEFAULT_TOLERANCE, type Tolerance } from './compare.js';
import { STDIO_DRIVER_PY, STDIO_LANGUAGES } from './driver-py.js';
import { type StdioCase, stdioJudge } from './judge.js';
import type { OutputComparison } from './reference-compare.js';

export interface StdioProgramSpec {
  /** The candidate's language: one of STDIO_LANGUAGES. */
  language: string;
  /** The candidate program, which reads stdin and writes stdout. */
  source: string;
  cases: readonly StdioCase[];
  /** Per-test limit on the candidate's CPU time, in ms (a wall-clock kill at 3× + 1 s backs it). */
  limitMs: number;
  tolerance?: Tolerance;
  /** Which reference's comparison judges the outputs (reference-compare.ts); default 'tokens'. */
  comparison?: OutputComparison;
  /** Judges the outputs instead of the token comparison (a problem's checker program). */
  judge?: OutputJudge;
  /**
   * Bytes of compressed output sent back in all, for a judge that needs whole outputs (a
   * checker): each test's output is sent zlib-compressed while the total fits, else as its token
   * digest. Without it, each output up to a per-test share of REPORT_BUDGET goes verbatim.
   */
  outputBudget?: number;
  /** Bytes of one test's stdout; past it the test is a crash. Default: the driver's, 64 MiB. */
  outputMax?: number;
  /** Each test's input as a file the sandbox can read (instead of the cases' `input`). */
  inputPaths?: readonly string[];
  /** Address-space and stack limits of each test's process, in bytes (a judge's memory limit). */
  memoryBytes?: number;
  stackBytes?: number;
  /** Wall-clock limit of the compile step, in ms; default 60 s. */
  compileMs?: number;
}

/** Time allowed for compiling, in seconds (C++ with -O2 under load). */
const COMPILE_S = 60;
/** The driver's bytes of reported output in all (the worker keeps 32 MiB of the result channel). */
const REPORT_BUDGET = 8 << 20;

/** Can the stdio judge run candidates in this language? */
export function isStdioLanguage(language: string): boolean {
  return (STDIO_LANGUAGES as readonly string[]).includes(language);
}

/**
 * The program that judges a stdin/stdout candidate: the stdio driver (a Python program holding
 * the candidate and the tests' inputs) and the judge that compares its outputs outside the
 * sandbox. Run it with a limit of at least `stdioTimeoutMs`.
 */
export function stdioProgram(spec: StdioProgramSpec): Program {
  if (!isStdioLanguage(spec.language)) {
    throw new Error(`internal: the stdio judge cannot run ${spec.language}`);
  }
  const cap = Math.max(4096, Math.min(1 << 20, Math.floor(REPORT_BUDGET / spec.cases.length)));
  const config = {
    language: spec.language,
    source: spec.source,
    ...(spec.inputPaths === undefined
      ? { inputs: spec.cases.map((c) => c.input) }
      : { input_paths: spec.inputPaths }),
    limit_s: spec.limitMs / 1000,
    cap,
    ...(spec.outputBudget === undefined ? {} : { budget: spec.outputBudget }),
    ...(spec.outputMax === undefined ? {} : { output_max: spec.outputMax }),
    compile_s: (spec.compileMs ?? COMPILE_S * 1000) / 1000,
    result_fd: RESULT_FD,
    ...(spec.memoryBytes === undefined ? {} : { memory_bytes: spec.memoryBytes }),
    ...(spec.stackBytes === undefined ? {} : { stack_bytes: spec.stackBytes }),
  };
  return {
    language: 'python',
    source: `_PASSK_STDIO = ${JSON.stringify(JSON.stringify(config))}\n${STDIO_DRIVER_PY}`,
    judge:
      spec.judge ??
      stdioJudge(
        spec.cases,
        spec.tolerance ?? DEFAULT_TOLERANCE,
        spec.limitMs,
        spec.comparison ?? 'tokens',
      ),
  };
}

/** The wall-clock limit for a whole stdio program: compiling, then every test at its worst. */
export function stdioTimeoutMs(
  language: string,
  tests: number,
  limitMs: number,
  compileMs = COMPILE_S * 1000,
): number {
  const compile = language === 'python' ? 0 : compileMs;
  return compile + tests * (3 * limitMs + 1500) + 5000;
}
