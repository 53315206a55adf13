import type { ReferenceSemantics } from '../../execution/python-reference.js';
import type { Program } from '../../execution/types.js';
import { TESTS_MARKER } from '../../execution/worker/protocol.js';
import { cutAtStop } from '../../postprocess/stop.js';
import type { Problem } from '../types.js';

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
export const PYTHON_TESTS_MARKER = TESTS_MARKER;

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
  return splitPythonProgram(candidate, problem.tests, 'human-eval', functionsUnderTest(problem));
}

/** Top-level functions and classes a Python source defines. */
const DEFINED = /^(?:async[ \t]+def|def|class)[ \t]+([A-Za-z_]\w*)/gm;

/**
 * The names the tests mean as the candidate's even where a builtin has the name (MBPP/126 tests
 * a `sum`): the entry point and what the trusted reference solution defines, never the
 * candidate's own choice (a candidate's `abs` must not replace the tests' `abs`).
 */
export function functionsUnderTest(problem: Problem): string[] {
  const names = new Set<string>(problem.entryPoint ? [problem.entryPoint] : []);
  for (const match of (problem.reference ?? '').matchAll(DEFINED)) names.add(match[1]!);
  return [...names];
}

/**
 * The candidate's module and the tests as one in-process program (the marker between them) and,
 * for outside judging, apart (`functionServer`: the candidate runs as a function server, the tests
 * in a judge process). `semantics` is the reference harness the candidate's process runs under.
 */
export function splitPythonProgram(
  candidate: string,
  tests: string,
  semantics: ReferenceSemantics,
  entryPoints: readonly string[] = [],
): Program {
  const [module, rest] = splitAtContinuation(candidate, tests);
  return {
    language: 'python',
    source: `${module}${PYTHON_TESTS_MARKER}${rest}`,
    semantics,
    functionServer: {
      candidate: module,
      tests: rest,
      entryPoints: [...entryPoints],
    },
  };
}

/**
 * The candidate's module (with the tests' first line when the candidate continues onto it) and
 * the rest of the tests.
 */
function splitAtContinuation(candidate: string, tests: string): [string, string] {
  if (!CONTINUED.test(candidate) || !tests.startsWith('\n')) return [candidate, tests];
  // The first line with its newline: a continuation needs a line after it to compile alone.
  const end = tests.indexOf('\n', 1);
  const [first, rest] =
    end < 0 ? [`${tests}\n`, ''] : [tests.slice(0, end + 1), tests.slice(end + 1)];
  return [`${candidate}${first}`, rest];
}
