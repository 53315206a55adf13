// passk's preload for JavaScript and TypeScript programs (`node --require`, CommonJS): see
// NODE_PRELOAD in node.ts for what it decides and locks. Placeholders: {{NONCE_FD}} (the nonce's
// pipe) and {{RESULT_FD}} (the result channel), numbers from nonce-channel.ts and worker/protocol.ts.

'use strict';
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
  try { return fs.readFileSync({{NONCE_FD}}, 'latin1'); } catch { return ''; } finally { try { fs.closeSync({{NONCE_FD}}); } catch {} }
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
const channelOf = () => { try { return readlinkSync('/proc/self/fd/{{RESULT_FD}}'); } catch { return ''; } };
const channel = channelOf();
// Events are built from primitive strings only: no object a program's Object.prototype setters,
// toJSON or Symbol.toPrimitive could see.
const write = (fd, text) => { try { writeSync(fd, text); } catch {} };
const field = (name, value) => ',' + quote(name) + ':' + quote(value);
const report = (key, kind, fields) => write({{RESULT_FD}}, '{"n":' + quote(key) + ',"e":' + quote(kind) + fields + '}\n');
const tamper = (reason) => {
  report(failureKey, 'tamper', field('r', reason));
  write(2, 'passk: tamper: ' + reason + '\n');
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
      if (!firstLoose) firstLoose = String(error && error.message).split('\n').join(' ');
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
// Promise too: an asynchronous test's `.then` must stay Node's own.
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
  write(2, stack + '\n');
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
  const strict = /^\s*(['"])use strict\1;?/.exec(script);
  const head = strict ? strict[0] : '';
  return '(function (exports, passk$require, module, __filename, __dirname) { ' + head + ' ' +
    constants + ' ' + script.slice(head.length) + '\n});';
};
// A CommonJS module is a function body, where a top-level `return` ends it early (before the
// tests) as if it had run to its end. Parsed as a script, that `return` is a syntax error: the
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
  else write({{RESULT_FD}}, '{"n":' + quote(nonce) + ',"e":"end"}\n');
});
