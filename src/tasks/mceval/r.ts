import { mcevalRCandidate } from './extract-r.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's R generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`; the
 * reply goes through McEval's extraction (extract-r.ts), the row's test follows, and the program
 * passes when `Rscript` exits 0 within 15 s (a failed `stopifnot` is an error). Completion mode
 * continues the row's `prompt` (its comment, the `<- function(…)` line last) and runs prompt + completion as it is (rows.ts `rawCompletion`).
 */
export const mcevalR = mcevalTask({
  language: 'r',
  dataName: 'R',
  sha256: 'e8b9f62f57af4c8401e36f18c160fe781b61718ff747191e36c16a96bbdaaaf3',
  description:
    "McEval R (50 problems): the instruction as the chat message, McEval's extraction, its stopifnot tests under Rscript",
  // A base model continuing the function stops before writing its own checks.
  stopSequences: ['\n```', '\n# Test', '\nmain <-', '\nprint('],
  rawCompletion: true,
  extract: (problem, text) =>
    mcevalRCandidate(text, { prompt: problem.datasetPrompt, entryPoint: problem.entryPoint ?? '' }),
  program: (problem, code) => ({ language: 'r', source: `${code}\n${problem.meta.test}` }),
});
