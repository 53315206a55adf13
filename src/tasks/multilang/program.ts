import type { Language, Program } from '../../execution/types.js';
import { cutAtStop } from '../../postprocess/stop.js';
import { functionsUnderTest } from '../python-program.js';
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

/** `head` (setup the candidate needs, e.g. headers) + candidate + tests, as one program. */
export function joinProgram(
  language: Language,
  problem: Problem<{ head?: string }>,
  candidate: string,
): Program {
  const head = problem.meta.head ?? '';
  const tests = hardenTests(language, problem.tests);
  const program: Program = { language, source: `${head}${candidate}\n${tests}` };
  if (language !== 'python') return program;
  // Outside judging: the candidate's module serves the calls, the tests run in the judge process.
  const split = {
    candidate: `${head}${candidate}\n`,
    tests,
    entryPoints: functionsUnderTest(problem),
  };
  return { ...program, functionServer: split };
}
