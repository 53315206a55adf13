import type { ExecPlan, ExecStep, RawOutcome, ResolvedLimits } from '../sandboxes/types.js';
import { atLeast } from './process-runtime.js';
import type { Canaries, Diagnosis } from './types.js';

/**
 * Loaded with `node --require` before the program (CommonJS). It decides the test semantics:
 *  - `assert.deepEqual` / `assert.equal` (MultiPL-E's legacy loose checks, where 1 == "1") are
 *    made strict (deepStrictEqual / strictEqual). A check that fails strictly but passes loosely
 *    does not stop the tests; it is counted, and at the end the run reports a failed assertion
 *    'LooseEqualityOnly' instead of the end sentinel: so one run gives both the strict verdict
 *    and whether the loose (legacy) one would have passed.
 *  - `console.assert` (HumanEval-X's checks) throws instead of only printing, or a wrong program
 *    would pass.
 *  - An uncaught exception is reported on fd 3 (assertion, memory or other) and exits 1.
 * The end sentinel: `globalThis[Symbol.for('passk.end')]()`, appended after the tests, marks them
 * reached; the end event itself is written when the event loop drains ('beforeExit').
 */
export const NODE_PRELOAD = `'use strict';
const fs = require('node:fs');
const util = require('node:util');
const assert = require('node:assert');
const nonce = process.env.PASSK_NONCE || '';
delete process.env.PASSK_NONCE;
const report = (event) => {
  try { fs.writeSync(3, JSON.stringify(Object.assign({ n: nonce }, event)) + '\\n'); } catch {}
};
let looseOnly = 0;
let firstLoose = '';
const pairs = [['deepEqual', 'deepStrictEqual'], ['equal', 'strictEqual'],
  ['notDeepEqual', 'notDeepStrictEqual'], ['notEqual', 'notStrictEqual']];
for (const [loose, strict] of pairs) {
  const looseCheck = assert[loose];
  const strictCheck = assert[strict];
  assert[loose] = function (actual, expected, message) {
    try { strictCheck(actual, expected, message); } catch (error) {
      try { looseCheck(actual, expected, message); } catch { throw error; }
      looseOnly++;
      if (!firstLoose) firstLoose = String(error && error.message).split('\\n').join(' ');
    }
  };
}
console.assert = (value, ...rest) => {
  if (!value) {
    throw new assert.AssertionError({ message: rest.length ? util.format(...rest) : 'console.assert failed' });
  }
};
process.on('uncaughtException', (error) => {
  const name = error && error.name ? String(error.name) : typeof error;
  const message = String(error && error.message !== undefined ? error.message : error);
  const kind = error instanceof assert.AssertionError ? 'assert'
    : error instanceof RangeError && /allocation|memory/i.test(message) ? 'memory' : 'other';
  report({ e: 'exc', k: kind, t: name, m: message.slice(0, 300) });
  try { process.stderr.write((error && error.stack) ? error.stack + '\\n' : message + '\\n'); } catch {}
  process.exit(1);
});
let reached = false;
let reported = false;
Object.defineProperty(globalThis, Symbol.for('passk.end'), { value: () => { reached = true; } });
// 'beforeExit' fires only when the event loop drains by itself, never on process.exit(): so the
// end event needs the last test statement reached AND every pending callback (an async test's
// assertions) run without an uncaught error.
process.on('beforeExit', () => {
  if (!reached || reported) return;
  reported = true;
  if (looseOnly > 0) {
    report({ e: 'exc', k: 'assert', t: 'LooseEqualityOnly',
      m: (looseOnly + ' check(s) pass only with loose (==) equality: ' + firstLoose).slice(0, 300) });
  } else report({ e: 'end' });
});
`;

export const JS_END = "\n;globalThis[Symbol.for('passk.end')]();\n";

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
      '--require',
      '{scratch}/passk-preload.cjs',
      program,
    ],
    limits: { memoryBytes: atLeast(limits, { memoryBytes: 2 * 2 ** 30 }).memoryBytes },
  };
}

export function jsPlan(javascript: string, limits: ResolvedLimits): ExecPlan {
  return {
    files: { 'program.js': `${javascript}${JS_END}`, 'passk-preload.cjs': NODE_PRELOAD },
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

export const JS_CANARIES: Canaries = {
  wrong:
    "const assert = require('node:assert');\nconst add = (a, b) => a - b;\nassert.deepEqual(add(1, 1), 2);\n",
  earlyExits: [
    'process.exit(0);\nconsole.assert(false);\n',
    'process.reallyExit(0);\nconsole.assert(false);\n',
  ],
  sleeper: (seconds) =>
    `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${seconds * 1000});\n`,
  comment: (text) => `// ${text.replace(/\n/g, ' ')}\n`,
};
