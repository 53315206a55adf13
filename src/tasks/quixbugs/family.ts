import { familyOf } from '../family.js';

/** QuixBugs, Python repair (a folder dataset: --data-dir holding quixbugs/). */
export const family = familyOf('quixbugs', {
  quixbugs: async () => (await import('./task.js')).quixbugs,
});
