import type { ExecPlan, ExecStep, RawOutcome, ResolvedLimits } from '../sandboxes/types.js';
import { NONCE_FD } from './nonce-channel.js';
import { atLeast } from './process-runtime.js';
import type { Canaries, Diagnosis } from './types.js';

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
export const NODE_PRELOAD = `'use strict';
const fs = require('node:fs');
const util = require('node:util');
const assert = require('node:assert');
const Module = require('node:module');
const path = require('node:path');
// The nonce's pipe, read to its end and closed before the program's first statement; a const of
// this file's scope, which the program cannot name (nonce-channel.ts).
const nonce = (() => {
  try { return fs.readFileSync(${NONCE_FD}, 'latin1'); } catch { return ''; } finally { try { fs.closeSync(${NONCE_FD}); } catch {} }
})();
const writeSync = fs.writeSync;
const stringify = JSON.stringify;
const reallyExit = process.reallyExit.bind(process);
const report = (event) => {
  try { writeSync(3, stringify(Object.assign({ n: nonce }, event)) + '\\n'); } catch {}
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
const AssertionError = assert.AssertionError;
Object.defineProperty(console, 'assert', { writable: false, configurable: false,
  value: (value, ...rest) => {
    if (!value) {
      throw new AssertionError({ message: rest.length ? util.format(...rest) : 'console.assert failed' });
    }
  } });
for (const frozen of [assert.strict, assert, JSON, Math, Object, Array]) Object.freeze(frozen);
let failed = false;
const fail = (error) => {
  if (failed) return;
  failed = true;
  const name = error && error.name ? String(error.name) : typeof error;
  const message = String(error && error.message !== undefined ? error.message : error);
  const kind = error instanceof AssertionError ? 'assert'
    : error instanceof RangeError && /allocation|memory/i.test(message) ? 'memory' : 'other';
  report({ e: 'exc', k: kind, t: name, m: message.slice(0, 300) });
  try { writeSync(2, ((error && error.stack) ? error.stack : message) + '\\n'); } catch {}
  reallyExit(1);
};
process.setUncaughtExceptionCaptureCallback(fail);
Object.defineProperty(process, 'setUncaughtExceptionCaptureCallback', { writable: false,
  configurable: false, value: () => { throw new Error('passk: not available to programs'); } });
// The program's module scope gets its own constants for what the tests name, declared before
// the program's first statement (after a leading 'use strict', which must stay first) and on
// its first line, so line numbers do not move.
Object.defineProperty(globalThis, 'passk$locked', { value: Object.freeze({ console, JSON, Math, Object, Array }) });
const constants = 'const require = passk$require' +
  ['console', 'JSON', 'Math', 'Object', 'Array'].map((name) => ', ' + name + ' = passk$locked.' + name).join('') + ';';
// Only the program's own file: a package it requires (NODE_PATH) keeps Node's usual wrapper.
const plainWrap = Module.wrap;
let wrapMain = false;
Module.wrap = (script) => {
  if (!wrapMain) return plainWrap(script);
  wrapMain = false;
  const strict = /^\\s*(['"])use strict\\1;?/.exec(script);
  const head = strict ? strict[0] : '';
  return '(function (exports, passk$require, module, __filename, __dirname) { ' + head + ' ' +
    constants + ' ' + script.slice(head.length) + '\\n});';
};
let reached = false;
let reported = false;
const main = path.resolve(process.argv[1]);
const compile = Module.prototype._compile;
let started = false;
Module.prototype._compile = function (content, filename) {
  if (started || filename !== main) return compile.call(this, content, filename);
  started = true;
  wrapMain = true; // Module.wrap runs first thing in compile, before any program code
  const result = compile.call(this, content, filename);
  reached = true;
  return result;
};
// 'beforeExit' fires only when the event loop drains by itself, never on process.exit(): so the
// end event needs the program's top level completed AND every pending callback (an async test's
// assertions) run without an uncaught error.
process.on('beforeExit', () => {
  if (!reached || reported || failed || !nonce) return;
  reported = true;
  if (looseOnly > 0) {
    report({ e: 'exc', k: 'assert', t: 'LooseEqualityOnly',
      m: (looseOnly + ' check(s) pass only with loose (==) equality: ' + firstLoose).slice(0, 300) });
  } else report({ e: 'end' });
});
`;

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
