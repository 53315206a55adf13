import { testsMarker } from '../../execution/languages/kit/test-binding.js';
import type { Problem } from '../types.js';
import { mcevalCCandidate, mcevalCTests } from './extract-c.js';
import { type McevalData, mcevalTask } from './rows.js';

function row(problem: Problem<McevalData>) {
  return {
    prompt: problem.datasetPrompt,
    signature: problem.meta.signature,
    test: problem.meta.test,
    entryPoint: problem.entryPoint ?? '',
  };
}

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
  // McEval compiles candidate and test as one file; passk compiles the test apart (link.sh), so
  // no macro or symbol of the candidate's reaches it.
  program: (problem, candidate) => ({
    language: 'c',
    source: `${candidate}\n${testsMarker([problem.entryPoint ?? ''])}\n${mcevalCTests(row(problem))}`,
  }),
});
