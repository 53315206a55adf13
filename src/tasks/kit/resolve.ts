import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { NotFoundError } from '../../core/errors.js';
import { isCustomDataFile, loadCustomJsonlTask } from '../custom/task.js';
import { tasks } from '../index.js';
import type { Task } from '../types.js';
import { isTaskModule, loadTaskModule } from './load-module.js';

/**
 * Does `spec` name a file rather than a registered task? By its extension (.jsonl, .jsonl.gz,
 * .json, .ndjson: a custom benchmark file; .ts, .mts, .js, .mjs, …: a task module). Registered
 * names never have these extensions, so the two can never be confused.
 */
export function isTaskPath(spec: string): boolean {
  return isCustomDataFile(spec) || isTaskModule(spec);
}

/**
 * The Task a user named: a Task object as is; a registered task name (see `passk tasks`); the
 * path of a custom benchmark file (JSONL rows, see custom-jsonl.ts); or the path of a
 * TypeScript / JavaScript module exporting a task (see load-module.ts). Relative paths are
 * resolved against the current directory. A task from a path is named by the path as given.
 *
 * @throws NotFoundError naming the nearest registered task for an unknown name, or the file for a
 *   missing path; DatasetError for a bad row of a custom file; ConfigError for a bad module
 */
export async function resolveTask(task: string | Task): Promise<Task> {
  if (typeof task !== 'string') return task;
  if (!isTaskPath(task)) return tasks.get(task);
  if (isTaskModule(task)) {
    // Named by the path as given, like a benchmark file: metrics.json is keyed by it, and
    // resume and merge resolve that name again. The module's own name stays in the description.
    const loaded = await loadTaskModule(task);
    return { ...loaded, name: task, description: `${loaded.name}: ${loaded.description}` };
  }
  if (!existsSync(resolve(task))) {
    throw new NotFoundError(`custom benchmark file not found: ${resolve(task)}`, {
      hint: 'check the path given to --task (one JSON object per line: task_id, prompt, tests, …)',
    });
  }
  return loadCustomJsonlTask(task);
}
