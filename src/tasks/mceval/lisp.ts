import type { Problem, Task } from '../types.js';
import { mcevalLispCode } from './extract-lisp.js';
import { type McevalData, mcevalProblems } from './rows.js';

/**
 * McEval's Common Lisp generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's
 * `instruction`; the reply goes through McEval's extraction (extract-lisp.ts), the row's test
 * follows after a blank line, and the program passes when `sbcl --script` runs it to its end and
 * exits 0. McEval counts a timeout as a pass; passk does not. Completion mode continues the
 * row's `prompt` (the `defun` line and its comment) and extracts from prompt + completion.
 */
export const mcevalLisp: Task<McevalData> = {
  name: 'mceval-lisp',
  description:
    "McEval Common Lisp (50 problems): the instruction as the chat message, McEval's extraction, its tests under sbcl --script",
  language: 'lisp',
  dataset: {
    hub: {
      host: 'github',
      repo: 'MCEVAL/McEval',
      revision: '09dec129dd5756447227239b3e5b47e543c2e0fd',
      path: 'data/Common Lisp.jsonl',
      sha256: '637df800c9641148cfff61e80b694fefa74feb5c03b6688f3fefff49134e0755',
    },
    localFile: 'mceval/Common Lisp.jsonl',
  },
  defaultTimeoutMs: 15_000,
  // A base model continuing the procedure stops before writing its own checks.
  stopSequences: ['\n```', '\n(defun check', '\n\n\n'],
  problems: (rows, file) =>
    mcevalProblems(rows, file, 'lisp', (r) => `${r.prompt}\n${r.canonical_solution}`),
  postprocess: (problem, generation) => candidate(problem, problem.datasetPrompt + generation),
  instructionPrompt: (problem) => problem.meta.instruction,
  chatPostprocess: (problem, reply) => candidate(problem, reply),
  program: (problem, code) => ({ language: 'lisp', source: `${code}\n\n${problem.meta.test}` }),
};

function candidate(problem: Problem<McevalData>, text: string): string {
  return mcevalLispCode(text, problem.entryPoint ?? '');
}
