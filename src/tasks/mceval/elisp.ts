import { mcevalElispCode } from './extract-elisp.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Emacs Lisp generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's
 * `instruction`; the reply goes through McEval's extraction (extract-elisp.ts), the row's test
 * follows after a blank line, and the program passes when `emacs --batch -l` loads it to its end
 * and exits 0 within McEval's 15 s. Completion mode continues the row's `prompt` (the `defun`
 * line and its comment) and extracts from prompt + completion.
 */
export const mcevalElisp = mcevalTask({
  language: 'elisp',
  dataName: 'Emacs Lisp',
  sha256: 'b5070be8a3919e4496725aed9f674bb7ac61a1c2e356a588448b599d155bc460',
  description:
    "McEval Emacs Lisp (50 problems): the instruction as the chat message, McEval's extraction, its tests under emacs --batch",
  // A base model continuing the function stops before writing its own checks.
  stopSequences: ['\n```', '\n(defun check', '\n;; Test', '\n\n\n'],
  extract: (problem, text) => mcevalElispCode(text, problem.entryPoint ?? ''),
  program: (problem, code) => ({ language: 'elisp', source: `${code}\n\n${problem.meta.test}` }),
});
