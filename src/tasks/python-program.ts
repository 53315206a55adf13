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

/** A candidate whose last line ends in a backslash: a line continuation (with or without its newline). */
const CONTINUED = /\\(\r?\n)?$/;

/**
 * Candidate followed by the problem's tests, as one Python source, run as human-eval and
 * bigcode-evaluation-harness run it (their reliability_guard; docs/environments.md). The
 * references append the tests to the candidate as one program (human-eval: `completion + "\n" +
 * test`; bigcode: `generation + "\n" + reference`), so a candidate ending in a line continuation
 * is joined with the tests' first line (usually blank: it can pass there). Compiled alone it
 * would be a SyntaxError, so that first line stays with the candidate, before the marker.
 */
export function pythonProgram(problem: Problem, candidate: string): Program {
  const source = `${candidate}${testsAfter(candidate, problem.tests)}`;
  return { language: 'python', source: withReferenceSemantics(source, 'human-eval') };
}

/** The marker and the tests, the tests' first line first when the candidate continues onto it. */
function testsAfter(candidate: string, tests: string): string {
  if (!CONTINUED.test(candidate) || !tests.startsWith('\n'))
    return `${PYTHON_TESTS_MARKER}${tests}`;
  // The first line with its newline: a continuation needs a line after it to compile alone.
  const end = tests.indexOf('\n', 1);
  const [first, rest] =
    end < 0 ? [`${tests}\n`, ''] : [tests.slice(0, end + 1), tests.slice(end + 1)];
  return `${first}${PYTHON_TESTS_MARKER}${rest}`;
}
