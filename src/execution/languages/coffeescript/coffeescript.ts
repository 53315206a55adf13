import { canaryFolder } from '../kit/canary-folder.js';
import { compiledPlan } from '../kit/compiled-plan.js';
import { jsDiagnose, NODE_PRELOAD, nodeRunStep } from '../kit/node.js';
import { defineProcessRuntime, realBinary } from '../kit/process-runtime.js';
import { comment } from '../kit/script-language.js';

/** Debian's `coffee` is a Node script (/usr/share/nodejs/coffeescript/bin/coffee). */
const COFFEE = realBinary('/usr/bin/coffee');

/**
 * CoffeeScript 2 (Debian's coffeescript, on the machine's Node). McEval runs `coffee file`, which
 * compiles the file to JavaScript and runs it in Node; passk does the same in two steps, so the
 * program gets JavaScript's harness: the compile step is `coffee -c` (a syntax error is a
 * CompileError and nothing runs), then the JavaScript it wrote runs under the same Node preload as
 * JavaScript programs (kit/node.ts): the tests are reached when the file's top level returns, an
 * uncaught throw (McEval's own `assertEqual` throws) is a failure, the assert module is frozen.
 */
export const coffeescript = defineProcessRuntime({
  language: 'coffeescript',
  versionArgv: ['/bin/sh', '-c', `${COFFEE} --version && /usr/bin/node --version`],
  debianPackages: 'coffeescript',
  canaries: canaryFolder(import.meta.url, '.coffee', comment('#')),
  plan: (source, limits, version) =>
    compiledPlan({
      files: { 'program.coffee': source, 'passk-preload.cjs': NODE_PRELOAD },
      argv: ['/usr/bin/node', COFFEE, '--compile', '{scratch}/program.coffee'],
      version,
      limits,
      compileMs: 60_000,
      outputs: ['program.js'],
      run: nodeRunStep(limits, '{artifacts}/program.js'),
    }),
  diagnose: jsDiagnose,
});
