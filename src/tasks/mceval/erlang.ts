import { mcevalErlangCode } from './extract-erlang.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Erlang generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's Erlang extraction (extract-erlang.ts), the row's `test()`
 * follows on a new line, and the program passes when `erlc` compiles it and its `test()` returns
 * under `erl` within McEval's 15 s. McEval puts no newline before the test: an extracted code ends
 * with one (it is cut before `test()` or a fence), but the row's own solution and a completion cut
 * at a stop sequence end in `end.`, and `end.test()` is not Erlang (a `.` ends a form only before
 * white space). Completion mode continues the row's
 * `prompt` (module, export and the function's head) and extracts from prompt + completion.
 */
export const mcevalErlang = mcevalTask({
  language: 'erlang',
  dataName: 'Erlang',
  sha256: 'dd652de6960ac9ba8f3cbda21c9fb2bee5332a6f61dca13f870c9697ea49f2ed',
  description:
    "McEval Erlang (50 problems): the instruction as the chat message, McEval's Erlang extraction, its test() under erl",
  // A base model continuing the function stops before writing its own test().
  stopSequences: ['\n```', '\ntest()'],
  extract: (problem, text) =>
    mcevalErlangCode(text, problem.datasetPrompt, problem.entryPoint ?? ''),
  program: (problem, code) => ({ language: 'erlang', source: `${code}\n${problem.meta.test}` }),
});
