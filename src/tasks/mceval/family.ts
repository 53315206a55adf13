import { familyOf } from '../family.js';

/** McEval's C generation tasks. */
export const family = familyOf('mceval', {
  'mceval-c': async () => (await import('./task.js')).mcevalC,
});
