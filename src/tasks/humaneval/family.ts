import { familyOf } from '../family.js';

/** HumanEval, with the prompt stripped (as bigcode) and exactly as in the dataset. */
export const family = familyOf('humaneval', {
  humaneval: async () => (await import('./task.js')).humaneval,
  'humaneval-unstripped': async () => (await import('./task.js')).humanevalUnstripped,
});
