import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/**
 * The `typescript` package passk depends on, as a host directory. It is bound read-only into the
 * sandbox at the same path; passk itself never loads the compiler (nothing a sample wrote is
 * parsed on the host).
 */
export const TS_DIR = realpathSync(
  dirname(createRequire(import.meta.url).resolve('typescript/package.json')),
);
export const TS_VERSION = (
  JSON.parse(readFileSync(`${TS_DIR}/package.json`, 'utf8')) as { version: string }
).version;

/**
 * The compile step of a TypeScript sample, run by the exec worker inside the sandbox as the
 * sample's uid, one process per sample (so no global scope is shared between samples):
 * type-checks program.ts with `strict`, lib ES2022, no @types and `noResolve` (an import or a
 * `/// <reference path>` reads no file), then emits program.js (CommonJS, ES2022).
 * stderr carries exactly one line: `error TS<code>: <first diagnostic> (+N more)` (exit 2), or
 * `error TypeCheckerCrash: <what>` when the compiler itself threw (exit 3), e.g. a stack overflow
 * on a deeply nested literal. The candidate's code never runs here.
 */
export const CHECKER = `'use strict';
const say = (line, code) => {
  process.stderr.write(String(line).replace(/[\\r\\n]+/g, ' ').slice(0, 400) + '\\n');
  process.exit(code);
};
// The compiler, from V8's code cache for it when one is given (argv[3], made by passk on the
// host: typescript-support.ts) — about 30% less CPU per sample; the same compiler either way.
const load = (dir, cacheFile, write) => {
  const file = dir + '/lib/typescript.js';
  if (!cacheFile) return { ts: require(file) };
  const fs = require('node:fs');
  const Module = require('node:module');
  let cachedData;
  try { cachedData = write ? undefined : fs.readFileSync(cacheFile); } catch {}
  const vm = require('node:vm');
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, Module.createRequire(file), module, file, require('node:path').dirname(file));
  return { ts: module.exports, script };
};
try {
  const write = process.argv[4] === 'write';
  // Making the cache: check the sample beside it, so the code it ran is compiled into the cache.
  if (write) process.chdir(require('node:path').dirname(process.argv[3]));
  const { ts, script } = load(process.argv[2], process.argv[3], write);
  const options = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: ['lib.es2022.d.ts'],
    types: [],
    skipLibCheck: true,
    noResolve: true,
    noEmitOnError: true,
  };
  const program = ts.createProgram(['program.ts'], options, ts.createCompilerHost(options));
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const first = diagnostics[0];
  if (first) {
    const more = diagnostics.length > 1 ? ' (+' + (diagnostics.length - 1) + ' more)' : '';
    say('error TS' + first.code + ': ' + ts.flattenDiagnosticMessageText(first.messageText, ' ') + more, 2);
  }
  if (program.emit().emitSkipped) say('error TypeCheckerCrash: emit skipped', 3);
  if (write) require('node:fs').writeFileSync(process.argv[3], script.createCachedData());
} catch (error) {
  say('error TypeCheckerCrash: ' + (error && error.name) + ': ' + (error && error.message), 3);
}
`;

/** Goes into the version string, so into every verdict and artifact cache key. */
export const CHECKER_HASH = createHash('sha256').update(CHECKER).digest('hex').slice(0, 12);

/** A checker line (see CHECKER) read back from a CompileError message. */
export function checkerLine(
  message: string,
): { kind: 'diagnostic' | 'crash'; code: string; text: string } | undefined {
  const diagnostic = /^error (TS\d+): (.*)$/s.exec(message);
  if (diagnostic) return { kind: 'diagnostic', code: diagnostic[1]!, text: diagnostic[2]! };
  const crash = /^error TypeCheckerCrash: (.*)$/s.exec(message);
  if (crash) return { kind: 'crash', code: 'TypeCheckerCrash', text: crash[1]! };
  return undefined;
}
