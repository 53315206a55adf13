// passk's TypeScript compile step (see CHECKER in typescript-check.ts): type-checks program.ts and
// emits program.js in the sandbox, one process per sample. argv: the typescript package's folder,
// optionally its V8 code cache file and 'write'. No placeholders.

'use strict';
const say = (line, code) => {
  process.stderr.write(String(line).replace(/[\r\n]+/g, ' ').slice(0, 400) + '\n');
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
  // MultiPL-E's check is `tsc --target esnext` with tsc's other defaults (TypeScript 5: not
  // strict, the esnext lib with the DOM's); TypeScript 6 turns strict on by default, so it is
  // off here by name. The emit targets ES2022, which the sandbox's Node runs.
  const options = {
    strict: false,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: ['lib.esnext.full.d.ts'],
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
