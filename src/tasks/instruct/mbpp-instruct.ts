import { type MbppData, mbpp } from '../mbpp/task.js';
import type { Problem, Task } from '../types.js';
import { pythonReplyProgram } from './reply-program.js';

const FENCE = '```';

/**
 * The function MBPP's tests call: the first function the reference solution defines that the
 * first test calls (MBPP names none; `assert set(similar_elements(a, b)) == …` calls `set`
 * first, so the test alone is not enough). Every problem of the test split has one.
 */
export function mbppEntryPoint(reference: string, firstTest: string): string | undefined {
  const defined = [...reference.matchAll(/^def\s+([A-Za-z_]\w*)\s*\(/gm)].map((m) => m[1]!);
  return defined.find((name) => new RegExp(`\\b${name}\\s*\\(`).test(firstTest));
}

/** The chat message for one MBPP problem: the description and its first test as the example. */
export function mbppInstruction(problem: Problem<MbppData>): string {
  const { text } = problem.meta;
  const example = problem.meta.firstTest ?? '';
  const name = problem.entryPoint === undefined ? '' : ` be named \`${problem.entryPoint}\` and`;
  return [
    text,
    '',
    `The function must${name} pass this test:`,
    '',
    `${FENCE}python`,
    example,
    FENCE,
    '',
    `Reply with the complete function (and any imports it needs) in a single ${FENCE}python code block.`,
  ].join('\n');
}

/**
 * MBPP, instruct form: the same 500 test-split problems, tests and reference solutions as
 * `mbpp`, asked for in natural language. The entry point is derived from the reference, so that
 * extraction picks the block that defines it over an example block.
 */
export const mbppInstruct: Task<MbppData> = {
  ...mbpp,
  name: 'mbpp-instruct',
  description: 'MBPP test split as a natural-language instruction for chat models (--chat)',
  stopSequences: [],
  problems(rows, file) {
    return mbpp.problems(rows, file).map((problem): Problem<MbppData> => {
      const firstTest = problem.tests.split('\n').find((line) => line.startsWith('assert')) ?? '';
      const entryPoint = mbppEntryPoint(problem.reference ?? '', firstTest);
      return {
        ...problem,
        ...(entryPoint === undefined ? {} : { entryPoint }),
        meta: { ...problem.meta, firstTest },
      };
    });
  },
  instructionPrompt: mbppInstruction,
  postprocess: pythonReplyProgram,
  chatPostprocess: pythonReplyProgram,
};
