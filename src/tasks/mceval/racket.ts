import { CHECK_HANDLER } from '../multilang/multipl-e-tests.js';
import type { Task } from '../types.js';
import { mcevalRacketCode, mcevalSchemeCode } from './extract-racket.js';
import { type McevalData, mcevalTask } from './rows.js';

/** The Racket runtime's McEval task; Racket and Scheme differ in name, data and extraction. */
function mcevalRacketTask(
  name: string,
  dataName: string,
  sha256: string,
  extract: (text: string, entryPoint: string) => string,
): Task<McevalData> {
  return mcevalTask({
    name,
    language: 'racket',
    dataName,
    sha256,
    description: `McEval ${dataName} (50 problems): the instruction as the chat message, McEval's extraction, its rackunit tests under racket`,
    // A base model continuing the definition stops before writing its own checks.
    stopSequences: ['\n```', '\n(define (check', '\n;; Test'],
    rawCompletion: true,
    extract: (problem, text) => extract(text, problem.entryPoint ?? ''),
    program: (problem, code) => ({
      language: 'racket',
      source: `${code}\n\n${CHECK_HANDLER}\n${problem.meta.test}`,
    }),
  });
}

/**
 * McEval's Racket generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's
 * `instruction`; the reply goes through McEval's extraction (extract-racket.ts), a blank line and
 * the row's rackunit test follow, run by `racket`. McEval passes a run that exits 0 with no
 * 'FAILURE' on stderr (what a failed check prints); passk raises a failed check instead
 * (`current-check-handler`, multilang/check_handler.rkt, put before the test), which fails the
 * run the same way. An error raised inside a check (ERROR, not FAILURE) passes McEval but fails
 * here: a difference in differences.ts. Completion mode continues the row's `prompt` (`#lang
 * racket`, its comment, the `(define (…` line last) and runs prompt + completion as it is
 * (rows.ts `rawCompletion`).
 */
export const mcevalRacket = mcevalRacketTask(
  'mceval-racket',
  'Racket',
  '618b4eb57d71f648b9b69bfd8b0f7e31675dbd97de06c5ed29d353c076817a23',
  mcevalRacketCode,
);

/**
 * McEval's Scheme generation tasks (same commit): McEval runs them with `racket` (`#lang racket`
 * programs), so passk does too, with McEval's Scheme extraction (extract-racket.ts) and the same
 * pass rule as mceval-racket.
 */
export const mcevalScheme = mcevalRacketTask(
  'mceval-scheme',
  'Scheme',
  'c26065468246c6584716c07aba251b6be0b03b8b22acb6f302232b65ad7bc4f7',
  mcevalSchemeCode,
);
