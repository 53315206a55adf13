import type { VerdictStatus } from '../execution/types.js';
import type { Task } from '../tasks/types.js';
import type { ResultRecord, SuiteResult } from './records.js';

/**
 * The suites a task's samples run: its own list, or one unnamed suite (undefined) for tasks
 * without suites, whose jobs and results keep the single-program shape.
 */
export function suitesOf(task: Pick<Task, 'suites'>): readonly (string | undefined)[] {
  return task.suites !== undefined && task.suites.length > 0 ? task.suites : [undefined];
}

/**
 * One sample's suite results folded into its headline record: 'passed' only if every suite
 * passed, else the first suite (task order) that did not, so a sample never passes a later
 * suite without the earlier ones. `base` carries the identity fields (task_id, sample).
 */
export function combineSuites(
  base: Pick<ResultRecord, 'task_id' | 'sample'>,
  suites: readonly string[],
  results: Readonly<Record<string, SuiteResult>>,
): ResultRecord {
  const ordered = suites.map((suite) => results[suite]!);
  const failing = ordered.find((result) => result.status !== 'passed');
  const headline = failing ?? ordered.at(-1)!;
  // A flag in any suite marks the sample: an attack is one whichever suite caught it.
  const tamper = ordered.find((result) => result.tamper !== undefined)?.tamper;
  return {
    ...base,
    program_hash: ordered.at(-1)!.program_hash,
    status: headline.status,
    ...(headline.error_type === undefined ? {} : { error_type: headline.error_type }),
    ...(headline.message === undefined ? {} : { message: headline.message }),
    ...(headline.rerun === undefined ? {} : { rerun: headline.rerun }),
    ...(tamper === undefined ? {} : { tamper }),
    ...(headline.judge === undefined ? {} : { judge: headline.judge }),
    ...(headline.judge_fallback === undefined ? {} : { judge_fallback: headline.judge_fallback }),
    duration_ms: Math.round(ordered.reduce((sum, r) => sum + r.duration_ms, 0) * 10) / 10,
    suites: { ...results },
  };
}

/**
 * A sample's status for scoring `suite`: the status of the first suite up to and including
 * `suite` that did not pass, else 'passed'. Records without per-suite results (a generation
 * that failed) have the same status for every suite.
 */
export function statusForSuite(
  record: ResultRecord,
  suites: readonly string[],
  suite: string,
): VerdictStatus {
  if (record.suites === undefined) return record.status;
  for (const name of suites.slice(0, suites.indexOf(suite) + 1)) {
    const status = record.suites[name]?.status;
    if (status === undefined) return record.status;
    if (status !== 'passed') return status;
  }
  return 'passed';
}
