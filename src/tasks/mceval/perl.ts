import { mcevalPerlCode } from './extract-perl.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Perl generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's extraction (extract-perl.ts), a blank line and the row's test
 * follow, and the program passes when `perl` exits 0 within 15 s. Completion mode continues the
 * row's `prompt` (`use strict;`, the `sub` line and its comment) and runs prompt + completion as it is (rows.ts `rawCompletion`).
 */
export const mcevalPerl = mcevalTask({
  language: 'perl',
  dataName: 'Perl',
  sha256: '2c1b4f8b920c092d8c6e0b3ea5672e2ab3130184af923857cffbf1e985f84411',
  description:
    "McEval Perl (50 problems): the instruction as the chat message, McEval's extraction, its die tests under perl",
  // A base model continuing the sub stops before writing its own checks.
  stopSequences: ['\n```', '\nsub check', '\nsub test', '\n# Test'],
  rawCompletion: true,
  extract: (problem, text) => mcevalPerlCode(text, problem.entryPoint ?? ''),
  program: (problem, code) => ({ language: 'perl', source: `${code}\n\n${problem.meta.test}` }),
});
