import { readHarnessTemplate } from '../../core/harness-files.js';
import type { Program } from '../../execution/types.js';
import { PYTHON_TESTS_MARKER } from '../kit/python-program.js';
import type { Problem } from '../types.js';

/**
 * A Python string literal holding `text` exactly. JSON's escapes (\" \\ \n \uXXXX, lone
 * surrogates included) are all valid in a Python str literal and mean the same there.
 */
export function pythonStringLiteral(text: string): string {
  return JSON.stringify(text);
}

/** The answer and the calls that check it (run_answer.py; its placeholder is documented there). */
const runAnswer = readHarnessTemplate(import.meta.url, 'run_answer.py');
/** run_answer.py's last line, left out where the context defines no test_string. */
const TEST_STRING = /\ntest_string\(code\)\n$/;

/**
 * The program for one DS-1000 answer, as upstream's test_ds1000.py builds it: `code_context`
 * (which defines `test_execution` and, for 159 problems, `test_string`), then the answer as a
 * string, passed to `test_execution` (which inserts it at `[insert]` in its `exec_context` and
 * runs every test case) and to `test_string` where the context defines one. The sample passes
 * only if both return: passk's end sentinel is written after the last call.
 */
export function ds1000Program(problem: Problem, solution: string): Program {
  const calls = runAnswer({
    ANSWER: pythonStringLiteral(solution),
  });
  const checks = problem.tests.includes('test_string(') ? calls : calls.replace(TEST_STRING, '\n');
  return {
    language: 'python',
    source: `${problem.tests}\n${PYTHON_TESTS_MARKER}${checks}`,
  };
}
