import { tasks } from './index.js';
import type { Task } from './types.js';

/**
 * The Task a user named: a Task object as is, or a registered task name (see `passk tasks`).
 *
 * @throws NotFoundError naming the nearest registered task for an unknown name
 */
export async function resolveTask(task: string | Task): Promise<Task> {
  return typeof task === 'string' ? tasks.get(task) : task;
}
