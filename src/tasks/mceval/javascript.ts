import type { Task } from '../types.js';
import { mcevalJsCandidate } from './extract-js.js';
import { type McevalData, mcevalTask } from './rows.js';

function mcevalNodeTask(
  dialect: 'javascript' | 'typescript',
  dataName: string,
  sha256: string,
  description: string,
): Task<McevalData> {
  return mcevalTask({
    language: dialect,
    dataName,
    sha256,
    description,
    // McEval gives `tsc` and then `node` 15 s each (safe_subprocess.run's default, inside a 30 s
    // time_limit for TypeScript); JavaScript/41's reference (2-million-element arrays) takes ~9 s of
    // CPU under passk's Node (under 1 s natively) and timed out at 15 s under load, so both get 30 s.
    timeoutMs: 30_000,
    // A base model continuing the function stops before writing its own checks.
    stopSequences: ['\n```', '\nfunction check', '\nfunction test', '\nconsole.log', '\n(() =>'],
    rawCompletion: true,
    extract: (problem, text) =>
      mcevalJsCandidate(
        text,
        { prompt: problem.datasetPrompt, signature: problem.meta.signature },
        dialect,
      ),
    program: (problem, code) => ({ language: dialect, source: `${code}\n${problem.meta.test}` }),
  });
}

/**
 * McEval's JavaScript generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's
 * `instruction`; the reply goes through McEval's extraction (extract-js.ts), the row's test
 * follows, and the program passes when `node` exits 0 within 30 s (McEval: 15 s). McEval also fails a run whose
 * stderr holds 'failed' (what a failed `console.assert` prints); passk's Node preload makes
 * `console.assert` throw, which fails the run the same way. Completion mode continues the row's
 * `prompt` (its signature last) and runs prompt + completion as it is (rows.ts `rawCompletion`).
 */
export const mcevalJavascript = mcevalNodeTask(
  'javascript',
  'JavaScript',
  'fcdf0c4cd1dbc7b4e0ec05190203cfa320ecd3db47bce3c12ec1a8f40038496b',
  "McEval JavaScript (50 problems): the instruction as the chat message, McEval's extraction, its console.assert tests under node",
);

/**
 * McEval's TypeScript generation tasks (same commit), as mceval-javascript with McEval's
 * TypeScript extraction. McEval compiles with `tsc --lib es2015,dom` and runs the emitted
 * JavaScript whatever the compiler said; passk's TypeScript runtime fails a program that does not
 * type-check (not strict, as MultiPL-E's), so passk is stricter there.
 */
export const mcevalTypescript = mcevalNodeTask(
  'typescript',
  'TypeScript',
  '8b4ae969d8ec72929fe44c0ddbd5b431feff5947d58a38fbbb5ac5db061451b7',
  "McEval TypeScript (50 problems): the instruction as the chat message, McEval's extraction, its console.assert tests compiled by tsc, run by node",
);
