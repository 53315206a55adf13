import { GenerationsError } from '../../core/errors.js';
import type { Problem } from '../../tasks/types.js';
import { listIds, plural } from './messages.js';

/** The problems by every id a file may name them by: their own, then their `fileIds`. */
export function problemsByFileId(problems: readonly Problem[]): Map<string, Problem> {
  const byId = new Map(problems.map((problem) => [problem.id, problem]));
  for (const problem of problems) {
    for (const id of problem.fileIds ?? []) if (!byId.has(id)) byId.set(id, problem);
  }
  return byId;
}

/**
 * Every task_id must be a selected problem: scoring a sample against nothing is never right.
 * `at` says where a row is, for the message (`line 3`, `[2]`).
 */
export function assertKnownTaskIds(
  file: string,
  rows: readonly { taskId: string; at: string }[],
  byId: ReadonlyMap<string, Problem>,
  selected: number,
): void {
  const unknown = [...new Set(rows.map((row) => row.taskId))].filter((id) => !byId.has(id));
  if (unknown.length === 0) return;
  const first = rows.find((row) => row.taskId === unknown[0])?.at;
  const example = byId.keys().next().value;
  const idsLookLike = example === undefined ? '' : ` (its problem ids look like '${example}')`;
  throw new GenerationsError(
    `${file}: ${plural(unknown.length, 'task_id')} not among the ${plural(selected, 'selected problem')}: ${listIds(unknown)} (first at ${first})`,
    {
      hint: `check --task${idsLookLike}, or widen --limit/--limit-start if they select fewer problems than the file covers`,
    },
  );
}
