import { familyOf } from '../family.js';

/** McEval's generation tasks, one per language this machine can run. */
export const family = familyOf('mceval', {
  'mceval-c': async () => (await import('./task.js')).mcevalC,
  'mceval-python': async () => (await import('./python.js')).mcevalPython,
  'mceval-tcl': async () => (await import('./tcl.js')).mcevalTcl,
});
