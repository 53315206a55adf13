import { extractProgram } from '../postprocess/extract.js';
import type { Problem, Task } from '../tasks/types.js';
import { stripReasoning } from './reasoning.js';

/**
 * The program in a chat reply's answer (reasoning already taken out): the task's own extraction
 * (its reference harness's), else passk's generic one. `previous`: on a feedback turn, the
 * candidate the reply may edit.
 */
export function programFromAnswer(
  task: Pick<Task, 'chatPostprocess'>,
  problem: Problem,
  answer: string,
  previous?: string,
): string {
  return (
    task.chatPostprocess?.(problem, answer, previous) ??
    extractProgram(answer, {
      language: problem.language,
      prompt: problem.prompt,
      ...(problem.entryPoint === undefined ? {} : { entryPoint: problem.entryPoint }),
    })
  );
}

/**
 * The program in a whole chat reply, as a model run reads one: reasoning comes out first (code
 * drafted while thinking is not the answer), then the code is extracted.
 */
export function programFromReply(
  task: Pick<Task, 'chatPostprocess'>,
  problem: Problem,
  reply: string,
): string {
  return programFromAnswer(task, problem, stripReasoning(reply, true).answer);
}
