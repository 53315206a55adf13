import { mcevalRubyCandidate } from './extract-ruby.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Ruby generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's extraction (extract-ruby.ts), the row's test follows, and the
 * program passes when `ruby` exits 0 within 15 s. Completion mode continues the row's `prompt`
 * (its comment, the `def` line last) and runs prompt + completion as it is (rows.ts `rawCompletion`).
 */
export const mcevalRuby = mcevalTask({
  language: 'ruby',
  dataName: 'Ruby',
  sha256: '73e4ed32b3e88dce3e69111c5a8ac700a3ceffca8b39b8684dc954ef00bc4e44',
  description:
    "McEval Ruby (50 problems): the instruction as the chat message, McEval's extraction, its raise tests under ruby",
  // A base model continuing the method stops before writing its own checks.
  stopSequences: ['\n```', '\ndef check', '\nraise', '\nputs'],
  // No code found (McEval's None) leaves an empty candidate, which fails its test.
  rawCompletion: true,
  extract: (problem, text) =>
    mcevalRubyCandidate(text, {
      prompt: problem.datasetPrompt,
      entryPoint: problem.entryPoint ?? '',
    }) ?? '',
  program: (problem, code) => ({ language: 'ruby', source: `${code}\n${problem.meta.test}` }),
});
