import { ENVIRONMENT_MEMORY_BYTES } from '../execution/index.js';
import type { Task } from '../tasks/types.js';

/**
 * The per-program address-space limit when none is given: the task's own where its reference
 * harness sets one (Task.defaultMemoryBytes), else `otherwise` (2 GiB) for most tasks;
 * tasks with a library environment need more (numpy, pandas, torch map a lot): the task's own
 * `memoryBytes`, else ENVIRONMENT_MEMORY_BYTES (see docs/environments.md).
 */
export function defaultMemoryBytes(task: Task, otherwise: number): number {
  if (task.defaultMemoryBytes !== undefined) return task.defaultMemoryBytes;
  if (!task.environment) return otherwise;
  return task.environment.python.memoryBytes ?? ENVIRONMENT_MEMORY_BYTES;
}
