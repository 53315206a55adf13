import type { ExecPlan, ExecStep, RawOutcome, ResolvedLimits } from '../../worker/protocol.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { NONCE_FD } from './nonce-channel.js';
import { atLeast } from './process-runtime.js';
import type { Diagnosis, SourceCanaries } from './types.js';

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
const vm = require('node:vm');
const { createHash } = require('node:crypto');
// The nonce's pipe, read to its end and closed before the program's first statement; a const of
// this file's scope, which the program cannot name (nonce-channel.ts).
const nonce = (() => {
  try { return fs.readFileSync(${NONCE_FD}, 'latin1'); } catch { return ''; } finally { try { fs.closeSync(${NONCE_FD}); } catch {} }
})();
// Failure and tamper events carry this key, never the nonce (verdict.ts failureKey): only the
// end event, written after the tests ended, holds the nonce.
const failureKey = nonce ? createHash('sha256').update('passk-failure:' + nonce).digest('hex').slice(0, 32) : '';
// Everything the reporting below calls, taken before the program runs: it may replace globals,
// prototypes and module functions afterwards.
const writeSync = fs.writeSync;
const readlinkSync = fs.readlinkSync;
const quote = JSON.stringify;
const toText = String;
const apply = Reflect.apply;
const slice = String.prototype.slice;
const reallyExit = process.reallyExit.bind(process);
const scriptOf = (content, filename) => new vm.Script(content, { filename });
const isSyntaxError = (error) => error instanceof SyntaxError;
// The result channel's identity ('pipe:[inode]'), compared again before the end event is written.
const channelOf = () => { try { return readlinkSync('/proc/self/fd/${RESULT_FD}'); } catch { return ''; } };
const channel = channelOf();
// Events are built from primitive strings only: no object a program's Object.prototype setters,
// toJSON or Symbol.toPrimitive could see.
const write = (fd, text) => { try { writeSync(fd, text); } catch {} };
const field = (name, value) => ',' + quote(name) + ':' + quote(value);
const report = (key, kind, fields) => write(${RESULT_FD}, '{"n":' + quote(key) + ',"e":' + quote(kind) + fields + '}\\n');
const tamper = (reason) => {
  report(failureKey, 'tamper', field('r', reason));
  write(2, 'passk: tamper: ' + reason + '\\n');
  reallyExit(1);
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
// Promise too: an asynchronous test's \`.then\` must stay Node's own.
for (const frozen of [assert.strict, assert, JSON, Math, Object, Array, Promise, Promise.prototype]) Object.freeze(frozen);
// Reads a value of the program's (a getter, a proxy, toString) into a primitive string, or ''.
const text = (read) => { try { const value = read(); return typeof value === 'string' ? value : toText(value); } catch { return ''; } };
const kindOf = (error, message) => {
  try {
    if (error instanceof AssertionError) return 'assert';
    return error instanceof RangeError && /allocation|memory/i.test(message) ? 'memory' : 'other';
  } catch { return 'other'; }
};
let failed = false;
// The failure path: every string is computed from the error (the program's object: getters,
// Error.prepareStackTrace) BEFORE anything is written, and the event carries the failure key.
const fail = (error) => {
  if (failed) return;
  failed = true;
  const name = text(() => (error && error.name ? error.name : typeof error));
  const message = text(() => (error && error.message !== undefined ? error.message : error));
  const stack = text(() => (error && error.stack ? error.stack : message)) || message;
  const kind = kindOf(error, message);
  report(failureKey, 'exc', field('k', kind) + field('t', name) + field('m', apply(slice, message, [0, 300])));
  write(2, stack + '\\n');
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
// A CommonJS module is a function body, where a top-level \`return\` ends it early (before the
// tests) as if it had run to its end. Parsed as a script, that \`return\` is a syntax error: the
// program is refused before any of it runs. (Other syntax errors are left to the real compile.)
const returnsEarly = (content, filename) => {
  try { scriptOf(content, filename); return false; } catch (error) {
    return isSyntaxError(error) && /^Illegal return statement/.test(error.message);
  }
};
let reached = false;
let reported = false;
const main = path.resolve(process.argv[1]);
const compile = Module.prototype._compile;
let started = false;
Module.prototype._compile = function (content, filename) {
  if (started || filename !== main) return compile.call(this, content, filename);
  started = true;
  if (returnsEarly(content, filename)) tamper('top-level-return');
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
    report(failureKey, 'exc', field('k', 'assert') + field('t', 'LooseEqualityOnly') +
      field('m', apply(slice, looseOnly + ' check(s) pass only with loose (==) equality: ' + firstLoose, [0, 300])));
    return;
  }
  // fd 3 must still be passk's pipe: a program that re-pointed it would be handed the nonce.
  if (channel === '' || channelOf() !== channel) tamper('result-fd');
  else write(${RESULT_FD}, '{"n":' + quote(nonce) + ',"e":"end"}\\n');
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

export const JS_CANARIES: SourceCanaries = {
  wrong:
    "const assert = require('node:assert');\nconst add = (a, b) => a - b;\nassert.deepEqual(add(1, 1), 2);\n",
  earlyExits: [
    'process.exit(0);\nconsole.assert(false);\n',
    'process.reallyExit(0);\nconsole.assert(false);\n',
  ],
  harnessAttacks: [
    // A top-level return before the tests (refused as tampering).
    'function add(a, b) { return a - b; }\nreturn;\nconsole.assert(add(1, 1) === 2);\n',
    // A failure whose `stack` getter forges the end event from a re-pointed fd 3.
    [
      "const fs = require('node:fs');",
      `const real = fs.openSync('/proc/self/fd/${RESULT_FD}', 'w');`,
      "fs.closeSync(3);\nfs.openSync('caught.txt', 'w+');",
      "const error = new Error('x');",
      "Object.defineProperty(error, 'stack', { get() {",
      '  const nonce = /"n": ?"([0-9a-f]{32})"/.exec(fs.readFileSync(\'caught.txt\', \'latin1\'));',
      '  if (nonce) fs.writeSync(real, \'{"n": "\' + nonce[1] + \'", "e": "end"}\\n\');',
      '  process.reallyExit(0);',
      '} });',
      'throw error;',
      '',
    ].join('\n'),
  ],
  sleeper: (seconds) =>
    `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${seconds * 1000});\n`,
  comment: (text) => `// ${text.replace(/\n/g, ' ')}\n`,
};
