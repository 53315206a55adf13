import { createRegistry } from '../core/registry.js';
import * as builtin from './families.js';
import { type Family, registerFamilies } from './family.js';
import type { Task } from './types.js';

/** Every builtin benchmark family (one folder each, its names in its family.ts; the list in families.ts). */
export const families: readonly Family[] = Object.values(builtin);

/** Builtin benchmarks by task name, each loaded on first use. */
export const tasks = createRegistry<Task>('task');
registerFamilies(tasks, families);

export type { Problem, Task } from './types.js';
export { defineTask } from './types.js';
