import { mcevalElixirCode } from './extract-elixir.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Elixir generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's Elixir extraction (extract-elixir.ts), a blank line and the
 * row's ExUnit test module follow, and the program passes when `elixir` runs it with no failed
 * case within McEval's 15 s. Completion mode continues the row's `prompt` (the module, the
 * function's head and its comment) and extracts from prompt + completion.
 */
export const mcevalElixir = mcevalTask({
  language: 'elixir',
  dataName: 'Elixir',
  sha256: 'e4b42977a87bda62bca197cb0c58472e59eca393c3dc154af09f42c2a452e78a',
  description:
    "McEval Elixir (50 problems): the instruction as the chat message, McEval's Elixir extraction, its ExUnit tests under elixir",
  // A base model continuing the function stops before writing its own tests.
  stopSequences: ['\n```', '\nExUnit.start', '\ndefmodule'],
  extract: (problem, text) =>
    mcevalElixirCode(text, problem.datasetPrompt, problem.entryPoint ?? ''),
  program: (problem, code) => ({ language: 'elixir', source: `${code}\n\n${problem.meta.test}` }),
});
