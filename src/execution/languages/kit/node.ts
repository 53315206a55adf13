import type { ExecPlan, ExecStep, RawOutcome, ResolvedLimits } from '../../worker/protocol.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { harnessFile } from './harness-template.js';
import { NONCE_FD } from './nonce-channel.js';
import { atLeast } from './process-runtime.js';
import type { Diagnosis } from './types.js';

/**
 * Loaded with `node --require` before the program (CommonJS). It decides the test semantics:
 *  - `assert.deepEqual` / `assert.equal` (MultiPL-E's legacy loose checks, where 1 == "1") are
 *    made strict (deepStrictEqual / strictEqual). A check that fails strictly but passes loosely
 *    does not stop the tests; it is counted, and at the end the run reports a failed assertion
 *    'LooseEqualityOnly' instead of the end event: so one run gives both the strict verdict
 *    and whether the loose (legacy) one would have passed.
 *  - `console.assert` (HumanEval-X's checks) throws instead of only printing, or a wrong program
 *    would pass.
 *  - An uncaught exception is reported on fd 3 (assertion, memory or other) and exits 1.
 * The tests are "reached" when the program file's top level returns (a wrapper around the main
 * module's compile, installed here): there is no end statement a program could call early. The
 * end event itself is written when the event loop drains ('beforeExit').
 *
 * The program shares its module scope and globals with the tests, so the harness locks what the
 * tests rely on (issue 9): the assert module, JSON, Math, Object and Array are frozen;
 * `console.assert` cannot be replaced; `require`, `console`, `JSON`, `Math`, `Object` and `Array`
 * are constants of the program's module scope (reassigning or redeclaring one is an error); the
 * uncaught-exception capture cannot be replaced or removed.
 */
export const NODE_PRELOAD = harnessFile(import.meta.url, 'passk-preload.cjs', {
  NONCE_FD,
  RESULT_FD,
});

/** Node's old-space heap in MiB: most of the address-space limit, the rest is code and stacks. */
function heapMiB(limits: ResolvedLimits): number {
  return Math.max(64, Math.floor((limits.memoryBytes / 2 ** 20) * 0.75));
}

/**
 * V8 reserves address space far beyond its heap, so the run gets at least 2 GiB of it; the heap
 * itself is capped by --max-old-space-size at 3/4 of the program's memory limit.
 */
export function nodeRunStep(limits: ResolvedLimits, program: string): ExecStep {
  return {
    argv: [
      '/usr/bin/node',
      `--max-old-space-size=${heapMiB(limits)}`,
      // An unhandled rejection is an uncaught exception even when the program listens for
      // 'unhandledRejection' (which could otherwise swallow an asynchronous test's failure).
      '--unhandled-rejections=strict',
      '--require',
      '{scratch}/passk-preload.cjs',
      program,
    ],
    limits: { memoryBytes: atLeast(limits, { memoryBytes: 2 * 2 ** 30 }).memoryBytes },
  };
}

export function jsPlan(javascript: string, limits: ResolvedLimits): ExecPlan {
  return {
    files: { 'program.js': javascript, 'passk-preload.cjs': NODE_PRELOAD },
    run: nodeRunStep(limits, '{scratch}/program.js'),
  };
}

export function jsDiagnose(outcome: RawOutcome): Diagnosis | undefined {
  if (/JavaScript heap out of memory|Allocation failed/.test(outcome.stderrTail)) {
    return {
      status: 'memory',
      errorType: 'HeapOutOfMemory',
      message: 'JavaScript heap out of memory',
    };
  }
  const syntax = /^(SyntaxError|ReferenceError|TypeError): (.*)$/m.exec(outcome.stderrTail);
  if (syntax?.[1]) return { status: 'error', errorType: syntax[1], message: syntax[2] ?? '' };
  return undefined;
}

/** A JavaScript comment line (canaries' distinct sources). */
export const jsComment = (text: string): string => `// ${text.replace(/\n/g, ' ')}\n`;
