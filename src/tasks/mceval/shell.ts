import { mcevalShellCode } from './extract-shell.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Shell generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's extraction (extract-shell.ts), a blank line and the row's test
 * follow, and the program passes when `bash` exits 0. McEval counts a timeout (15 s) as a pass;
 * passk does not, and gives 60 s instead: Shell/1's reference forks about 750 `bc` processes,
 * which take 15 s or more on a loaded machine. Completion mode continues the row's `prompt` (`#!/bin/bash`, the
 * function's first lines and its comment) and runs prompt + completion as it is (rows.ts `rawCompletion`).
 */
export const mcevalShell = mcevalTask({
  language: 'shell',
  dataName: 'Shell',
  sha256: 'dc19a9f8f38a237824895e81b2469042752ae74b8b87f528105b8bbd99c3b976',
  description:
    "McEval Shell (50 problems): the instruction as the chat message, McEval's extraction, its tests under bash",
  timeoutMs: 60_000,
  // A base model continuing the function stops before writing its own checks.
  stopSequences: ['\n```', '\n# Test', '\ntest_'],
  rawCompletion: true,
  extract: (problem, text) => mcevalShellCode(text, problem.entryPoint ?? ''),
  program: (problem, code) => ({ language: 'shell', source: `${code}\n\n${problem.meta.test}` }),
});
