import type { Problem, Task } from '../types.js';
import { mcevalPascalCode } from './extract-pascal.js';
import { type McevalData, mcevalProblems } from './rows.js';

/**
 * McEval's Pascal generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's
 * `instruction`; the reply goes through McEval's Pascal extraction (extract-pascal.ts: the
 * prompt's head, then the code); the row's test follows (its test procedure and main block), and
 * the program passes when Free Pascal (`-MObjfpc`) compiles it and it runs to its end and exits 0.
 * Completion mode extracts from the prompt + completion.
 */
export const mcevalPascal: Task<McevalData> = {
  name: 'mceval-pascal',
  description:
    "McEval Pascal (50 problems): the instruction as the chat message, McEval's Pascal extraction, its tests under Free Pascal",
  language: 'pascal',
  dataset: {
    hub: {
      host: 'github',
      repo: 'MCEVAL/McEval',
      revision: '09dec129dd5756447227239b3e5b47e543c2e0fd',
      path: 'data/Pascal.jsonl',
      sha256: '719b11399b7c8f638a8891e8551c145b7f5267af7a91e6fb2a112b27d604ef6d',
    },
    localFile: 'mceval/Pascal.jsonl',
  },
  defaultTimeoutMs: 15_000,
  // A base model continuing the function stops before writing its own tests.
  stopSequences: ['\n```', '\nprocedure test', '\nprocedure Test', '\nbegin\n'],
  problems: (rows, file) =>
    mcevalProblems(rows, file, 'pascal', (r) => `${r.prompt}\n${r.canonical_solution}`),
  postprocess: (problem, generation) => candidate(problem, problem.datasetPrompt + generation),
  instructionPrompt: (problem) => problem.meta.instruction,
  chatPostprocess: (problem, reply) => candidate(problem, reply),
  program: (problem, code) => ({ language: 'pascal', source: `${code}\n${problem.meta.test}` }),
};

function candidate(problem: Problem<McevalData>, text: string): string {
  return mcevalPascalCode(text, problem.meta.signature, problem.datasetPrompt);
}
