import { JS_CANARIES, jsDiagnose, jsPlan } from './node-support.js';
import { defineProcessRuntime } from './process-runtime.js';

/** JavaScript on the system's Node (CommonJS, as MultiPL-E and HumanEval-X tests expect). */
export const javascript = defineProcessRuntime({
  language: 'javascript',
  versionArgv: ['/usr/bin/node', '--version'],
  debianPackages: 'nodejs',
  canaries: JS_CANARIES,
  plan: (source, limits) => jsPlan(source, limits),
  diagnose: jsDiagnose,
});
