import { mcevalLispCode } from './extract-lisp.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Common Lisp generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's
 * `instruction`; the reply goes through McEval's extraction (extract-lisp.ts), the row's test
 * follows after a blank line, and the program passes when `sbcl --script` runs it to its end and
 * exits 0. McEval counts a timeout as a pass; passk does not. Completion mode continues the
 * row's `prompt` (the `defun` line and its comment) and extracts from prompt + completion.
 */
export const mcevalLisp = mcevalTask({
  language: 'lisp',
  dataName: 'Common Lisp',
  sha256: '637df800c9641148cfff61e80b694fefa74feb5c03b6688f3fefff49134e0755',
  description:
    "McEval Common Lisp (50 problems): the instruction as the chat message, McEval's extraction, its tests under sbcl --script",
  // A base model continuing the procedure stops before writing its own checks.
  stopSequences: ['\n```', '\n(defun check', '\n\n\n'],
  extract: (problem, text) => mcevalLispCode(text, problem.entryPoint ?? ''),
  program: (problem, code) => ({ language: 'lisp', source: `${code}\n\n${problem.meta.test}` }),
});
