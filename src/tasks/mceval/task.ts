import { mcevalCCandidate, mcevalCProgram, mcevalCRow as row } from './extract-c.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's C generation tasks (Chai et al., 2024; MCEVAL/McEval @ 09dec12): the row's
 * `instruction` is the chat message; the answer's code is extracted as McEval's
 * `extract_ccpp_code` does and compiled with the row's test `main` (`gcc … -lm`), passing when it
 * exits 0. Completion mode continues the row's `prompt` (the signature last) and goes through the
 * same extraction.
 */
export const mcevalC = mcevalTask({
  language: 'c',
  dataName: 'C',
  sha256: '1155876f8a3e2b8392ace6825a6917f7277bc46a78068b5dc25c08ab53182239',
  description:
    "McEval C (50 problems): the instruction as the chat message, McEval's code extraction, its test main",
  timeoutMs: 10_000,
  // A base model continuing the signature stops before writing its own tests.
  stopSequences: ['\nint main', '\n```'],
  extract: (problem, text) => mcevalCCandidate(text, row(problem)),
  program: (problem, candidate) => mcevalCProgram('c', problem, candidate),
});
