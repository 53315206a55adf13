import { ConfigError } from '../core/errors.js';
import { loadDataset } from '../datasets/index.js';
import type { DatasetLoadOptions, LoadedDataset } from '../datasets/types.js';
import type { Problem, Task } from '../tasks/types.js';
import { applyTaskInput } from './task-input.js';

export interface ProblemSelection {
  /** Evaluate at most this many problems. */
  limit?: number;
  /** Skip this many problems first. */
  limitStart?: number;
}

export interface LoadedProblems {
  problems: Problem[];
  /** How many problems the whole benchmark has, before --limit. */
  total: number;
  /** Position of the first selected problem in the benchmark (--limit-start). */
  start: number;
  dataset: LoadedDataset;
}

/**
 * Loads the task's dataset and selects `[limitStart, limitStart + limit)` in benchmark order; a
 * task built from another run's samples (Task.input) then builds its problems from `taskInput`.
 */
export async function loadProblems(
  task: Task,
  datasetOptions: DatasetLoadOptions,
  selection: ProblemSelection & { taskInput?: string } = {},
): Promise<LoadedProblems> {
  const dataset = await loadDataset(task.dataset, datasetOptions);
  const all = task.problems(dataset.rows, dataset.file);
  const start = selection.limitStart ?? 0;
  if (start >= all.length) {
    throw new ConfigError(
      `--limit-start ${start} is past the end of ${task.name}, which has ${all.length} problems`,
    );
  }
  const end = selection.limit === undefined ? all.length : start + selection.limit;
  const selected = { problems: all.slice(start, end), total: all.length, start, dataset };
  return { ...selected, problems: await applyTaskInput(task, selected, selection.taskInput) };
}
