import { readHarnessFile } from '../../core/harness-files.js';
import type { Program } from '../../execution/types.js';
import type { Problem } from '../types.js';

/**
 * preamble.py: what upstream sets up before the solution runs (bigcodebench/eval: unsafe_execute
 * and reliability_guard): the program runs as module `__test__` (`__name__`, `__file__`, and
 * `sys.modules['__test__']` so that tests can patch `__name__ + '.randint'`; here the module is a
 * view of the program's globals, which passk's runner creates) with `sys`, `os` and `environ`
 * already bound; UTC as the time zone (several tests compare formatted dates) and one OpenMP
 * thread. Temporary files go where the sandbox puts them (task_environment.py): the sample's
 * private /tmp in bwrap, as upstream's `tempfile` uses /tmp (a test splits such a path on "-"),
 * else its scratch dir.
 */
const PREAMBLE = readHarnessFile(import.meta.url, 'preamble.py');

/**
 * run_tests.py: runs the task's `TestCases` as upstream's unsafe_execute does (a TestLoader suite
 * run into a plain TestResult; skipped tests do not fail it) and fails the program unless no test
 * failed or errored. The first failure is raised as an AssertionError naming the test, the first
 * error as its own exception, so the verdict says which test and why. A program that stops before
 * this runs (sys.exit in the solution or a test) never reaches passk's end-of-tests sentinel and is
 * not a pass.
 */
const RUN_TESTS = readHarnessFile(import.meta.url, 'run_tests.py');

/** Tests appended after the solution: the task's unittest module, then the runner above. */
export function bigcodebenchTests(test: string): string {
  return `${test}\n${RUN_TESTS}`;
}

/**
 * The program for a candidate: upstream's environment set-up, the candidate, the tests, as one
 * module (upstream runs `code + "\n" + test_code` as one). Not split at passk's tests marker:
 * the runner then forbids, while the tests run, what importing a library does (namedtuple sets
 * function defaults), and these tests import pandas, unittest.mock and more, at the top and
 * inside test methods. So, as upstream, a candidate could tamper with unittest; the sandbox
 * still holds it (docs/bigcodebench.md).
 */
export function bigcodebenchProgram(problem: Problem, candidate: string): Program {
  const source = `${PREAMBLE}${candidate}\n${problem.tests}`;
  // Upstream's reliability_guard sets exit/quit to None; its verdict is decided when the tests end.
  return { language: 'python', source, semantics: 'bigcodebench' };
}

/**
 * Upstream's calibrated mode (evaluate.py, samples named `*sanitized_calibrated*`, which its
 * generate step always writes): the code prompt with a `pass` body before the solution, so the
 * prompt's imports are there even when the model's code omits them.
 */
export function calibrate(codePrompt: string, solution: string): string {
  return `${codePrompt}\n    pass\n${solution}`;
}
