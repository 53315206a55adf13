import type { RunEventListener } from '../execution/events.js';
import type { Problem, Task } from '../tasks/types.js';

export interface PrepareOptions {
  datasetSha256: string;
  datasetFile?: string;
  /** The run's per-program limit: a floor for limits the task derives. */
  timeoutMs: number;
  timeFactor?: number;
  concurrency: number;
  emit: RunEventListener;
  signal?: AbortSignal;
  /** Tasks with `requires`: the ids of the problems whose needs are met here. */
  runnable?: ReadonlySet<string>;
}

/**
 * The problems ready to build programs from: as loaded for tasks without `prepare`, else what
 * the task's prepare returns (e.g. EvalPlus tasks add expected outputs and time limits). Its
 * warnings become run warnings.
 */
export async function prepareProblems(
  task: Task,
  problems: Problem[],
  options: PrepareOptions,
): Promise<Problem[]> {
  if (task.prepare === undefined) return problems;
  const prepared = await task.prepare(problems, {
    datasetSha256: options.datasetSha256,
    ...(options.datasetFile === undefined ? {} : { datasetFile: options.datasetFile }),
    timeoutMs: options.timeoutMs,
    ...(options.timeFactor === undefined ? {} : { timeFactor: options.timeFactor }),
    concurrency: options.concurrency,
    warn: (message) => options.emit({ type: 'warning', message }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.runnable === undefined ? {} : { runnable: options.runnable }),
  });
  if (prepared.length !== problems.length) {
    throw new Error(
      `internal: ${task.name}.prepare returned ${prepared.length} of ${problems.length} problems`,
    );
  }
  return prepared;
}
