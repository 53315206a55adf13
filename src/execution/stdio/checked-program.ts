import { join } from 'node:path';
import type { Program } from '../types.js';
import { CHECKER_OUTPUT_BUDGET, checkerJudge } from './checker-judge.js';
import type { StdioCase } from './judge.js';
import { type StdioProgramSpec, stdioProgram } from './program.js';

/** A problem's built checker tests: `out/` answers and `checker` in `dir`, inputs in `inputs`. */
export interface CheckerTestsFolder {
  dir: string;
  inputs: string;
  /** Case names in order: `<inputs>/<name>.in`. */
  cases: readonly string[];
}

export interface CheckedStdioSpec
  extends Omit<StdioProgramSpec, 'cases' | 'inputPaths' | 'judge' | 'outputBudget'> {
  tests: CheckerTestsFolder;
  /**
   * The cases inline, in the tests' order (small inputs); without them each input is read from
   * its file in `tests.inputs`, which the sandbox binds read-only.
   */
  cases?: readonly StdioCase[];
}

/**
 * A candidate on a problem's tests judged by its testlib checker (checker-judge.ts), from test
 * `first` on: when an output came back past the budget as a digest, the judge continues the
 * sample with this same program from that test.
 */
export function checkedStdioProgram(spec: CheckedStdioSpec, first = 0): Program {
  const { tests, cases, ...rest } = spec;
  const names = tests.cases.slice(first);
  const inputs =
    cases === undefined
      ? {
          cases: names.map(() => ({ input: '', output: '' })),
          inputPaths: names.map((name) => join(tests.inputs, `${name}.in`)),
        }
      : { cases: cases.slice(first) };
  return stdioProgram({
    ...rest,
    ...inputs,
    outputBudget: CHECKER_OUTPUT_BUDGET,
    judge: checkerJudge({
      testsDir: tests.dir,
      inputsDir: tests.inputs,
      cases: names,
      limitMs: spec.limitMs,
      ...(spec.memoryBytes === undefined ? {} : { memoryBytes: spec.memoryBytes }),
      before: first,
      continueFrom: (index) => checkedStdioProgram(spec, index),
    }),
  });
}
