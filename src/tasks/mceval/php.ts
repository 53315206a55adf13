import { mcevalPhpCandidate } from './extract-php.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's PHP generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's extraction (extract-php.ts), the row's test follows, and the
 * program passes when `php` exits 0 within 15 s. Completion mode continues the row's `prompt`
 * (`<?php`, its comment and the signature last) and runs prompt + completion as it is (rows.ts `rawCompletion`).
 */
export const mcevalPhp = mcevalTask({
  language: 'php',
  dataName: 'PHP',
  sha256: '4005826f546cdfa2d72a6159fb8beb75758e90ad708fc0b74fbbd1ddf429484c',
  description:
    "McEval PHP (50 problems): the instruction as the chat message, McEval's extraction, its tests under php",
  // A base model continuing the function stops before writing its own checks.
  stopSequences: ['\n```', '\nfunction main', '\nfunction check', '\n?>'],
  rawCompletion: true,
  extract: (problem, text) =>
    mcevalPhpCandidate(text, {
      prompt: problem.datasetPrompt,
      entryPoint: problem.entryPoint ?? '',
    }),
  program: (problem, code) => ({ language: 'php', source: `${code}\n${problem.meta.test}` }),
});
