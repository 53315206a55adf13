import { mcevalGoCode } from './extract-go.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Go generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's Go extraction (extract-go.ts: `package main`, its import block,
 * the code from the entry point's `func`), the row's test follows (`func Test…` with testify's
 * assert), and the program passes when `go test` passes within 15 s. Completion mode extracts from
 * the prompt + completion.
 */
export const mcevalGo = mcevalTask({
  language: 'go',
  dataName: 'Go',
  sha256: 'c25d91c8e4ca59fe0e82828845b32a6130bba8e801f43b5562b0e2d65ecb6131',
  description:
    "McEval Go (50 problems): the instruction as the chat message, McEval's Go extraction, its testify tests",
  // A base model continuing the function stops before writing its own tests or main.
  stopSequences: ['\n```', '\nfunc Test', '\nfunc main'],
  extract: (problem, text) =>
    mcevalGoCode(text, {
      entryPoint: problem.entryPoint ?? '',
      signature: problem.meta.signature,
    }),
  program: (problem, code) => ({ language: 'go', source: `${code}\n${problem.meta.test}` }),
});
