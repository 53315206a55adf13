import { PasskError } from '../core/errors.js';
import { loadDataset } from '../datasets/index.js';
import type { DatasetLoadOptions, DatasetSpec } from '../datasets/types.js';
import { isCustomDataFile } from '../tasks/custom/task.js';
import { families, tasks } from '../tasks/index.js';
import { resolveTask } from '../tasks/kit/resolve.js';

export interface ListTasksOptions {
  /** Task modules (.ts/.js) or benchmark files (.jsonl) to load and check as well. */
  files?: readonly string[];
  /** A local data folder (as --data-dir); datasets are never downloaded here. */
  dataDir?: string;
  /** The data file of the task modules given. */
  datasetPath?: string;
}

export interface TaskInfo {
  name: string;
  language: string;
  /** Problem count; null when a registered task's dataset is not downloaded. */
  problems: number | null;
  description: string;
}

/**
 * `passk tasks`: every registered task, then each file given, with its problem count. A file
 * given must load (a bad row or module throws), so this checks a benchmark of one's own.
 *
 * @throws PasskError for a task module or benchmark file that does not load
 */
export async function listTasks(options: ListTasksOptions = {}): Promise<TaskInfo[]> {
  const rows: TaskInfo[] = [];
  const dataDir = options.dataDir;
  for (const name of tasks.names()) rows.push(await describe(name, { dataDir }, false));
  rows.push(...(await unavailableTasks(dataDir)));
  for (const file of options.files ?? []) {
    const datasetPath = isCustomDataFile(file) ? file : options.datasetPath;
    rows.push(await describe(file, { dataDir, datasetPath }, true));
  }
  return rows;
}

/**
 * The tasks families name but cannot run here (Family.unavailable), after the registered ones in
 * `passk tasks`: the reason is the description, the problems counted from local data if there.
 */
export async function unavailableTasks(dataDir: string | undefined): Promise<TaskInfo[]> {
  const rows: TaskInfo[] = [];
  for (const family of families) {
    for (const [name, task] of Object.entries(family.unavailable ?? {})) {
      if (tasks.has(name)) continue;
      const problems = task.dataset ? await rowCount(task.dataset, dataDir) : null;
      rows.push({
        name,
        language: task.language,
        problems,
        description: `cannot run here: ${task.reason}`,
      });
    }
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

async function rowCount(spec: DatasetSpec, dataDir: string | undefined): Promise<number | null> {
  try {
    const options = { offline: true, ...(dataDir === undefined ? {} : { dataDir }) };
    return (await loadDataset(spec, options)).rows.length;
  } catch (error) {
    if (!(error instanceof PasskError)) throw error;
    return null;
  }
}

async function describe(
  spec: string,
  where: { dataDir: string | undefined; datasetPath?: string | undefined },
  strict: boolean,
): Promise<TaskInfo> {
  const task = await resolveTask(spec);
  let problems: number | null = null;
  try {
    const dataset: DatasetLoadOptions = {
      offline: true,
      ...(where.dataDir === undefined ? {} : { dataDir: where.dataDir }),
      ...(where.datasetPath === undefined ? {} : { datasetPath: where.datasetPath }),
    };
    const loaded = await loadDataset(task.dataset, dataset);
    problems = task.problems(loaded.rows, loaded.file).length;
  } catch (error) {
    // Listing must work before any dataset is present: a miss is shown, not raised.
    if (strict || !(error instanceof PasskError)) throw error;
  }
  return { name: task.name, language: task.language, problems, description: task.description };
}
