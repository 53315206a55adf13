import {
  promptDeclarations,
  TESTS_MARKER,
  testsMarker,
} from '../../execution/languages/kit/test-binding.js';
import type { Language, Program } from '../../execution/types.js';
import { cutAtStop } from '../../postprocess/stop.js';
import { functionsUnderTest } from '../kit/python-program.js';
import type { Problem } from '../types.js';
import { hardenTests } from './harden-tests.js';

/**
 * Prompt + generated text cut at its earliest stop sequence, + `suffix` (the closing brace that
 * a stop sequence like '\n}' cut off, when the tests do not supply it). An echoed prompt is
 * removed first, as for Python, so the prompt's own text cannot cut the completion.
 */
export function braceCandidate(
  problem: Problem,
  generation: string,
  stops: readonly string[],
  suffix: string,
): string {
  const generated = generation.startsWith(problem.prompt)
    ? generation.slice(problem.prompt.length)
    : generation;
  return problem.prompt + cutAtStop(generated, stops) + suffix;
}

/**
 * Compiled languages whose runtime binds the tests where the candidate cannot rebind them
 * (src/execution/languages/kit/test-binding.ts): their programs mark where the tests begin.
 */
const BOUND: ReadonlySet<Language> = new Set(['csharp', 'java', 'scala', 'rust', 'd']);

/**
 * `head` (setup the candidate needs, e.g. headers) + candidate + tests, as one program. C++:
 * the tests are a translation unit of their own (cppProgram), given `declarations`.
 */
export function joinProgram(
  language: Language,
  problem: Problem<{ head?: string; declarations?: string }>,
  candidate: string,
): Program {
  const head = problem.meta.head ?? '';
  const tests = hardenTests(language, problem.tests);
  if (language === 'cpp') {
    const declarations = problem.meta.declarations ?? problem.prompt;
    return { language, source: cppProgram(`${head}${candidate}`, declarations, tests) };
  }
  if (language === 'python') {
    // Outside judging: the candidate's module serves the calls, the tests run in the judge process.
    const split = {
      candidate: `${head}${candidate}\n`,
      tests,
      entryPoints: functionsUnderTest(problem),
    };
    return { language, source: `${head}${candidate}\n${tests}`, functionServer: split };
  }
  if (!BOUND.has(language)) return { language, source: `${head}${candidate}\n${tests}` };
  // The names the prompt declares, and those the reference solution does: HumanEval-X Rust/10's
  // prompt ends in a helper, and its function under test is declared by the solution only.
  const reference = problem.reference ?? '';
  const marker = testsMarker(promptDeclarations(language, `${head}${problem.prompt}${reference}`));
  return { language, source: `${head}${candidate}\n${marker}\n${tests}` };
}

/**
 * A C++ candidate and its tests as two units (cpp.ts compiles them apart): the candidate closed
 * by the tests' leading `}` when they start with one (MultiPL-E's close the prompt's function),
 * and the tests preceded by `declarations`, the prompt's text with its last function's body cut
 * to a declaration and the helpers it defines (HumanEval-X's encode/decode pairs) made `static`,
 * so that the tests call their own copy and the candidate's is the candidate's.
 */
export function cppProgram(candidate: string, declarations: string, tests: string): string {
  const closing = /^\s*\}/.exec(tests)?.[0] ?? '';
  const heads = [...declarations.matchAll(FUNCTION_HEAD)];
  const last = heads.at(-1);
  // The last function's head, up to its `{`: HumanEval-X's declaration can go on into its body.
  const declared =
    last === undefined
      ? declarations
      : `${declarations.slice(0, last.index)}${last[0].replace(/\s*\{$/, '')};\n`;
  const helpers = declared.replace(
    new RegExp(`^(?!static\\b)(?=${FUNCTION_HEAD.source})`, 'gm'),
    'static ',
  );
  const rest = tests.slice(closing.length);
  return `${candidate}${closing}\n${TESTS_MARKER}\n${helpers}\n${rest}`;
}

/** A function definition's head at the start of a line: `type name(params) {`. */
const FUNCTION_HEAD = /^[A-Za-z_][\w:<>,* ]*[\s*&][A-Za-z_]\w*\s*\([^;{}]*\)\s*\{/gm;
