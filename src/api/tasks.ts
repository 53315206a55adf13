import { PasskError } from '../core/errors.js';
import { loadDataset } from '../datasets/index.js';
import type { DatasetLoadOptions } from '../datasets/types.js';
import { isCustomDataFile } from '../tasks/custom/task.js';
import { tasks } from '../tasks/index.js';
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
  for (const file of options.files ?? []) {
    const datasetPath = isCustomDataFile(file) ? file : options.datasetPath;
    rows.push(await describe(file, { dataDir, datasetPath }, true));
  }
  return rows;
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
