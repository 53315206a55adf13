import { mcevalPythonCandidate } from './extract-python.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Python generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's Python extraction (extract-python.ts), the row's test follows,
 * and the program passes when `python` exits 0 within McEval's 15 s. Completion mode continues
 * the row's `prompt` (signature and docstring) and extracts from prompt + completion.
 */
export const mcevalPython = mcevalTask({
  language: 'python',
  dataName: 'Python',
  sha256: '6e84bef2dd4e55033691da7ed3b506cec75d7efa1d9fff48d629704e36e56eda',
  description:
    "McEval Python (50 problems): the instruction as the chat message, McEval's Python extraction, its check() asserts",
  // A base model continuing the function stops before writing its own checks.
  stopSequences: ['\n```', '\ndef check', '\nif __name__', '\nprint('],
  // No code found (McEval's None) leaves an empty candidate, which fails its test.
  extract: (problem, text) =>
    mcevalPythonCandidate(text, {
      prompt: problem.datasetPrompt,
      entryPoint: problem.entryPoint ?? '',
    }) ?? '',
  program: (problem, code) => ({ language: 'python', source: `${code}\n${problem.meta.test}` }),
});
