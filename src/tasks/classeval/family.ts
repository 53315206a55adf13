import { familyOf } from '../family.js';
import type { Task } from '../types.js';

/** ClassEval: class-level Python code generation (holistic: the whole class from its skeleton). */
export const family = familyOf('classeval', {
  classeval: async (): Promise<Task> => (await import('./task.js')).classeval(),
});
