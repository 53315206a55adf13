import { createRegistry } from '../core/registry.js';
import type { Task } from './types.js';

/** Builtin benchmarks, loaded on first use. */
export const tasks = createRegistry<Task>('task');
tasks.register('humaneval', async () => (await import('./humaneval.js')).humaneval);
tasks.register(
  'humaneval-unstripped',
  async () => (await import('./humaneval.js')).humanevalUnstripped,
);
tasks.register('mbpp', async () => (await import('./mbpp.js')).mbpp);
tasks.register(
  'humaneval-instruct',
  async () => (await import('./instruct/humaneval-instruct.js')).humanevalInstruct,
);
tasks.register(
  'mbpp-instruct',
  async () => (await import('./instruct/mbpp-instruct.js')).mbppInstruct,
);

export type { Problem, Task } from './types.js';
export { defineTask } from './types.js';
