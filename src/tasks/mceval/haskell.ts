import { mcevalHaskellCode } from './extract-haskell.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Haskell generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's Haskell extraction (extract-haskell.ts), the row's test (its
 * `check` and `main`) follows on a new line, and the program passes when `ghc` builds it and it
 * exits 0 without 'fail' in its output within McEval's 15 s. McEval puts no newline before the
 * test: an extracted code ends with one (cut before a fence or `main`), but the rows' own
 * solutions and a completion cut at a stop sequence do not, and their last line would run into
 * the test's first. Completion mode continues the row's `prompt` (module, imports, comment and
 * the function's head) and extracts from prompt + completion.
 */
export const mcevalHaskell = mcevalTask({
  language: 'haskell',
  dataName: 'Haskell',
  sha256: '0c37c729d8a13973f341927ce6f8f642bc88c566726c386ba7c11c3bec1a3f1f',
  description:
    "McEval Haskell (50 problems): the instruction as the chat message, McEval's Haskell extraction, its check/main built by ghc",
  // A base model continuing the function stops before writing its own checks.
  stopSequences: ['\n```', '\nmain ::', '\ncheck ::'],
  extract: (problem, text) => mcevalHaskellCode(text, problem.entryPoint ?? ''),
  program: (problem, code) => ({ language: 'haskell', source: `${code}\n${problem.meta.test}` }),
});
