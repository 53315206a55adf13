import { mcevalLuaCandidate } from './extract-lua.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Lua generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's extraction (extract-lua.ts), the row's test follows, and the
 * program passes when `lua` exits 0 within 15 s (McEval also fails a run whose stderr holds
 * 'failed', which a failed `assert` prints as it exits 1). Completion mode continues the row's
 * `prompt` (its signature last) and runs prompt + completion as it is (rows.ts `rawCompletion`).
 */
export const mcevalLua = mcevalTask({
  language: 'lua',
  dataName: 'Lua',
  sha256: '9c55dfc73ab513079fa7583597c01b2150a34459e87a5fab7ab6162ae7a9dab8',
  description:
    "McEval Lua (50 problems): the instruction as the chat message, McEval's extraction, its assert tests under lua",
  // A base model continuing the function stops before writing its own checks.
  stopSequences: ['\n```', '\nfunction test', '\nfunction check', '\nprint('],
  rawCompletion: true,
  extract: (problem, text) =>
    mcevalLuaCandidate(text, {
      prompt: problem.datasetPrompt,
      signature: problem.meta.signature,
      entryPoint: problem.entryPoint ?? '',
    }),
  program: (problem, code) => ({ language: 'lua', source: `${code}\n${problem.meta.test}` }),
});
