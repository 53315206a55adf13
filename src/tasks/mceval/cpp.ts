import { mcevalCCandidate, mcevalCProgram, mcevalCRow as row } from './extract-c.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's C++ generation tasks (MCEVAL/McEval @ 09dec12): the row's `instruction` is the chat
 * message; the answer's code is extracted as McEval's `extract_ccpp_code` (shared with C) and
 * compiled with the row's test `main`, passing when it exits 0 within 15 s. Completion mode
 * continues the row's `prompt` (the signature last) and goes through the same extraction.
 */
export const mcevalCpp = mcevalTask({
  language: 'cpp',
  dataName: 'CPP',
  sha256: 'e303524cf0f73b1d6875a91166f7c9c98417188674c40bd5af7976ff5c24c811',
  description:
    "McEval C++ (50 problems): the instruction as the chat message, McEval's code extraction, its test main",
  // A base model continuing the signature stops before writing its own tests.
  stopSequences: ['\nint main', '\n```'],
  extract: (problem, text) => mcevalCCandidate(text, row(problem)),
  program: (problem, candidate) => mcevalCProgram('cpp', problem, candidate),
});
