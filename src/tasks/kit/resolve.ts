import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, NotFoundError } from '../../core/errors.js';
import { isCustomDataFile, loadCustomJsonlTask } from '../custom/task.js';
import { TaskUnavailableError, unavailableTask } from '../family.js';
import { families, tasks } from '../index.js';
import type { Task } from '../types.js';
import { isTaskModule, loadTaskModule } from './load-module.js';
import { applyTaskParams } from './task-args.js';

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
 * `params` (a family's parameters, as `--task-arg`) select among a registered family's tasks.
 *
 * @throws TaskUnavailableError for a task a family knows but cannot run here (with the reason);
 *   NotFoundError naming the nearest registered task for an unknown name, or the file for a
 *   missing path; DatasetError for a bad row of a custom file; ConfigError for a bad module
 */
export async function resolveTask(
  given: string | Task,
  params: Record<string, unknown> = {},
): Promise<Task> {
  if (typeof given !== 'string') {
    if (Object.keys(params).length > 0) {
      throw new ConfigError(
        `params are for a registered task name, not a Task object (${given.name})`,
      );
    }
    return given;
  }
  // Library `params` (the CLI's --task-arg): validated by the family, mapped to its task name.
  const task = applyTaskParams(given, params);
  if (!isTaskPath(task)) {
    const unavailable = tasks.has(task) ? undefined : unavailableTask(families, task);
    if (unavailable) throw new TaskUnavailableError(task, unavailable);
    return tasks.get(task);
  }
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
