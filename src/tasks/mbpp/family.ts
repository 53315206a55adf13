import { familyOf } from '../family.js';

export const family = familyOf('mbpp', {
  mbpp: async () => (await import('./task.js')).mbpp,
});
