import { familyOf } from '../family.js';
import type { Task } from '../types.js';

/** ImpossibleBench-style variants: one test per problem mutated, so pass@k is the cheating rate. */
export const family = familyOf('impossible', {
  'humaneval-impossible': async () => (await import('./task.js')).humanevalImpossible as Task,
  'mbpp-impossible': async () => (await import('./task.js')).mbppImpossible as Task,
});
