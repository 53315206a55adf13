import { isAbsolute } from 'node:path';
import { ConfigError } from '../core/errors.js';
import { loadDataset } from '../datasets/index.js';
import type { DatasetLoadOptions, LoadedDataset } from '../datasets/types.js';
import type { RunEventListener } from '../execution/events.js';
import { applyDateWindow, type DateWindowInfo, hasDateWindow } from '../tasks/kit/date-window.js';
import type { Problem, Task } from '../tasks/types.js';
import { applyTaskInput } from './task-input.js';

export interface ProblemSelection {
  /** Evaluate at most this many problems. */
  limit?: number;
  /** Skip this many problems first. */
  limitStart?: number;
  /** Keep problems published on or after this day (YYYY-MM-DD); dated tasks only. */
  since?: string;
  /** Keep problems published on or before this day (YYYY-MM-DD); dated tasks only. */
  until?: string;
  /** The model's training cutoff (YYYY-MM-DD): keep problems published after it. */
  modelCutoff?: string;
}

export interface LoadedProblems {
  problems: Problem[];
  /** How many problems the whole benchmark has, before --limit. */
  total: number;
  /** Position of the first selected problem in the benchmark (--limit-start). */
  start: number;
  dataset: LoadedDataset;
  /** The release-date window, when one was given: bounds, count kept, ids left out. */
  dateWindow?: DateWindowInfo;
  /** With a window: the problems --limit/--limit-start selected, before it (files match these). */
  positional?: Problem[];
}

/**
 * Loads the task's dataset and selects `[limitStart, limitStart + limit)` in benchmark order; a
 * task built from another run's samples (Task.input) then builds its problems from `taskInput`.
 */
export async function loadProblems(
  task: Task,
  datasetOptions: DatasetLoadOptions,
  selection: ProblemSelection & { taskInput?: string; onEvent?: RunEventListener } = {},
): Promise<LoadedProblems> {
  // A task over the user's own file (the 'local' placeholder, e.g. `stdio`) has nothing to download.
  if (task.dataset.hub.repo === 'local' && !isAbsolute(task.dataset.localFile ?? '')) {
    if (datasetOptions.datasetPath === undefined) {
      throw new ConfigError(
        `task '${task.name}' reads your own file: give it with --dataset-path FILE`,
      );
    }
  }
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
  const given = await applyTaskInput(task, selected, selection.taskInput);
  const onEvent = selection.onEvent;
  const problems = task.complete
    ? await task.complete(given, {
        datasetFile: dataset.file,
        ...(onEvent && { progress: (message: string) => onEvent({ type: 'progress', message }) }),
      })
    : given;
  // After --limit/--limit-start, which select by position (bigcode files match by position).
  if (!hasDateWindow(selection)) return { ...selected, problems };
  const { kept, info } = applyDateWindow(task.name, problems, selection);
  return { ...selected, problems: kept, dateWindow: info, positional: problems };
}
