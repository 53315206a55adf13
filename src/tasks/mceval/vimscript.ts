import { mcevalVimscriptCode } from './extract-vimscript.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Vim script generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's
 * `instruction`; the reply goes through McEval's extraction (extract-vimscript.ts), the row's
 * test follows after a newline (CRLF made LF, as McEval writes the file), and the program passes
 * when `vim -u NONE -i NONE -n -N --cmd 'source <file>'` exits 0 within McEval's 15 s. passk also
 * fails a run in which Vim gave an error message (languages/vimscript). Completion mode
 * continues the row's `prompt` (comment and signature) and extracts from prompt + completion.
 */
export const mcevalVimscript = mcevalTask({
  language: 'vimscript',
  dataName: 'VimScript',
  sha256: 'a3139feb68414a0a05de76092f42afe23fb0173646dbe51aa03fb705d7fe4a3c',
  description:
    "McEval VimScript (50 problems): the instruction as the chat message, McEval's extraction, its tests under vim",
  // McEval's Vim script timeout is twice its default.
  timeoutMs: 30_000,
  // A base model continuing the function stops before writing its own checks.
  stopSequences: ['\n```', '\nfunction! Test', '\ncall Test', '\nexit(0)'],
  extract: (problem, text) =>
    mcevalVimscriptCode(text, {
      prompt: problem.datasetPrompt,
      signature: problem.meta.signature,
      entryPoint: problem.entryPoint ?? '',
    }),
  program: (problem, code) => ({
    language: 'vimscript',
    source: `${code}\n${problem.meta.test}`.replace(/\r\n/g, '\n'),
  }),
});
