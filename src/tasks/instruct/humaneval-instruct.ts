import { humanevalUnstripped } from '../humaneval/task.js';
import { defineTask, type Problem, type Task } from '../types.js';
import { pythonReplyProgram } from './reply-program.js';

const FENCE = '```';

/**
 * The chat message for one HumanEval problem: what to write, the prompt (signature and
 * docstring) in a fence, and the reply format extract.ts reads first (one fenced block).
 */
export function humanevalInstruction(problem: Problem): string {
  const name = problem.entryPoint ?? 'the function';
  return [
    `Write the Python function \`${name}\` so that it does what its docstring says.`,
    `Reply with the complete, self-contained function (signature, imports and any helper functions it uses) in a single ${FENCE}python code block.`,
    '',
    `${FENCE}python`,
    problem.prompt.trimEnd(),
    FENCE,
  ].join('\n');
}

/**
 * HumanEval, instruct form: the same 164 problems, tests and canonical solutions as `humaneval`,
 * asked for in natural language, for chat models that answer with the whole function. The
 * completion prompt kept on each problem is the dataset's (trailing newline included): it is
 * what a body-only reply is appended to, and what human-eval samples files continue.
 */
export const humanevalInstruct: Task = defineTask({
  ...humanevalUnstripped,
  name: 'humaneval-instruct',
  description: 'HumanEval as a natural-language instruction for chat models (--chat)',
  // A chat reply is a whole answer, never cut; extraction finds the code in it.
  stopSequences: [],
  instructionPrompt: humanevalInstruction,
  postprocess: pythonReplyProgram,
  chatPostprocess: pythonReplyProgram,
});
