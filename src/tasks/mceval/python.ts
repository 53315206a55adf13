import type { Problem, Task } from '../types.js';
import { mcevalPythonCandidate } from './extract-python.js';
import { type McevalData, mcevalProblems } from './rows.js';

/**
 * McEval's Python generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's Python extraction (extract-python.ts), the row's test follows,
 * and the program passes when `python` exits 0 within McEval's 15 s. Completion mode continues
 * the row's `prompt` (signature and docstring) and extracts from prompt + completion.
 */
export const mcevalPython: Task<McevalData> = {
  name: 'mceval-python',
  description:
    "McEval Python (50 problems): the instruction as the chat message, McEval's Python extraction, its check() asserts",
  language: 'python',
  dataset: {
    hub: {
      host: 'github',
      repo: 'MCEVAL/McEval',
      revision: '09dec129dd5756447227239b3e5b47e543c2e0fd',
      path: 'data/Python.jsonl',
      sha256: '6e84bef2dd4e55033691da7ed3b506cec75d7efa1d9fff48d629704e36e56eda',
    },
    localFile: 'mceval/Python.jsonl',
  },
  defaultTimeoutMs: 15_000,
  // A base model continuing the function stops before writing its own checks.
  stopSequences: ['\n```', '\ndef check', '\nif __name__', '\nprint('],
  problems: (rows, file) =>
    mcevalProblems(rows, file, 'python', (r) => `${r.prompt}\n${r.canonical_solution}`),
  postprocess: (problem, generation) => candidate(problem, problem.datasetPrompt + generation),
  instructionPrompt: (problem) => problem.meta.instruction,
  chatPostprocess: (problem, reply) => candidate(problem, reply),
  program: (problem, code) => ({ language: 'python', source: `${code}\n${problem.meta.test}` }),
};

/** No code found (McEval's None) leaves an empty candidate, which fails its test. */
function candidate(problem: Problem<McevalData>, text: string): string {
  const row = { prompt: problem.datasetPrompt, entryPoint: problem.entryPoint ?? '' };
  return mcevalPythonCandidate(text, row) ?? '';
}
