import { mcevalPascalCode } from './extract-pascal.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Pascal generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's
 * `instruction`; the reply goes through McEval's Pascal extraction (extract-pascal.ts: the
 * prompt's head, then the code); the row's test follows (its test procedure and main block), and
 * the program passes when Free Pascal (`-MObjfpc`) compiles it and it runs to its end and exits 0.
 * Completion mode extracts from the prompt + completion.
 */
export const mcevalPascal = mcevalTask({
  language: 'pascal',
  dataName: 'Pascal',
  sha256: '719b11399b7c8f638a8891e8551c145b7f5267af7a91e6fb2a112b27d604ef6d',
  description:
    "McEval Pascal (50 problems): the instruction as the chat message, McEval's Pascal extraction, its tests under Free Pascal",
  // A base model continuing the function stops before writing its own tests.
  stopSequences: ['\n```', '\nprocedure test', '\nprocedure Test', '\nbegin\n'],
  extract: (problem, text) => mcevalPascalCode(text, problem.meta.signature, problem.datasetPrompt),
  program: (problem, code) => ({ language: 'pascal', source: `${code}\n${problem.meta.test}` }),
});
