import { ConfigError } from '../../core/errors.js';
import type { Problem } from '../types.js';

/**
 * A release-date window over a task's problems (as LiveCodeBench scores only problems published
 * after a model's training cutoff). Dates are ISO calendar days (YYYY-MM-DD, UTC), inclusive.
 */
export interface DateWindow {
  /** Keep problems published on or after this day. */
  since?: string;
  /** Keep problems published on or before this day. */
  until?: string;
  /** The model's training cutoff: keeps problems published from the day after it. */
  modelCutoff?: string;
}

/** What metrics.json `date_window` records. */
export interface DateWindowInfo {
  since: string | null;
  until: string | null;
  model_cutoff: string | null;
  /** The first day kept: the later of `since` and the day after `model_cutoff`. */
  effective_since: string | null;
  included: number;
  /** Ids of the selected problems outside the window: neither generated for nor scored. */
  excluded: string[];
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Checks a flag's date: a real calendar day written YYYY-MM-DD. */
export function parseIsoDay(flag: string, value: string): string {
  const parsed = new Date(`${value}T00:00:00Z`);
  if (!ISO_DAY.test(value) || Number.isNaN(parsed.getTime()) || isoDay(parsed) !== value) {
    throw new ConfigError(`${flag} must be a date written YYYY-MM-DD, got '${value}'`);
  }
  return value;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function dayAfter(day: string): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));
}

/** True when any bound is set. */
export function hasDateWindow(window: DateWindow): boolean {
  return (
    window.since !== undefined || window.until !== undefined || window.modelCutoff !== undefined
  );
}

/**
 * The problems inside the window, and what was left out. Every bound is checked first.
 *
 * @throws ConfigError for a malformed date, an empty range (since after until), or a task whose
 *   problems carry no date
 */
export function applyDateWindow(
  taskName: string,
  problems: readonly Problem[],
  window: DateWindow,
): { kept: Problem[]; info: DateWindowInfo } {
  const since = window.since && parseIsoDay('--since', window.since);
  const until = window.until && parseIsoDay('--until', window.until);
  const cutoff = window.modelCutoff && parseIsoDay('--model-cutoff', window.modelCutoff);
  const afterCutoff = cutoff ? dayAfter(cutoff) : undefined;
  const from = [since, afterCutoff]
    .filter((d): d is string => !!d)
    .sort()
    .at(-1);
  if (from !== undefined && until && from > until) {
    throw new ConfigError(`the date window is empty: it starts ${from} and ends ${until}`);
  }
  const undated = problems.find((p) => p.date === undefined);
  if (undated !== undefined) {
    throw new ConfigError(
      `task '${taskName}' has no release dates (problem ${undated.id}): --since, --until and --model-cutoff need dated problems`,
      { hint: 'dated tasks: leetcode-contest, and stdio files whose rows have a date' },
    );
  }
  const inside = (p: Problem) =>
    (from === undefined || p.date! >= from) && (!until || p.date! <= until);
  const kept = problems.filter(inside);
  if (kept.length === 0 && problems.length > 0) {
    const days = problems.map((p) => p.date!).sort();
    throw new ConfigError(
      `no problem of '${taskName}' falls in the date window (${from ?? '…'} to ${until || '…'}); its problems are dated ${days[0]} to ${days.at(-1)}`,
    );
  }
  return {
    kept,
    info: {
      since: since || null,
      until: until || null,
      model_cutoff: cutoff || null,
      effective_since: from ?? null,
      included: kept.length,
      excluded: problems.filter((p) => !inside(p)).map((p) => p.id),
    },
  };
}

/** One month's share of a run: problems with samples, and their mean pass@1. */
export interface MonthRate {
  problems: number;
  'pass@1': number;
}

/**
 * pass@1 per publication month (YYYY-MM) over dated problems, from their samples' statuses:
 * each problem's c/n, averaged in the month (the unbiased pass@1). Undated problems are skipped;
 * problems without a judged sample are left out, as they are from pass@k.
 */
export function perMonthPassRate(
  problems: readonly Pick<Problem, 'id' | 'date'>[],
  results: readonly { task_id: string; status: string }[],
): Record<string, MonthRate> {
  const counts = new Map<string, { n: number; c: number }>();
  for (const result of results) {
    if (result.status === 'infra-error') continue; // left out of n, as in pass@k
    const count = counts.get(result.task_id) ?? { n: 0, c: 0 };
    count.n++;
    if (result.status === 'passed') count.c++;
    counts.set(result.task_id, count);
  }
  const months = new Map<string, number[]>();
  for (const problem of problems) {
    const count = counts.get(problem.id);
    if (problem.date === undefined || count === undefined || count.n === 0) continue;
    const month = problem.date.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), count.c / count.n]);
  }
  const out: Record<string, MonthRate> = {};
  for (const month of [...months.keys()].sort()) {
    const rates = months.get(month)!;
    out[month] = {
      problems: rates.length,
      'pass@1': rates.reduce((a, b) => a + b, 0) / rates.length,
    };
  }
  return out;
}

/**
 * metrics.json `date_window` and `per_month` for shards merged into one run: the window is the
 * same in every shard (it is applied before sharding); each month's pass@1 is the shards'
 * problem-weighted mean, which is the merged run's own mean of c/n.
 */
export function mergeDateMetrics(
  shards: readonly Record<string, unknown>[],
): Record<string, unknown> {
  const window = shards[0]?.['date_window'];
  const months = new Map<string, { problems: number; sum: number }>();
  for (const shard of shards) {
    const perMonth = shard['per_month'] as Record<string, MonthRate> | undefined;
    for (const [month, rate] of Object.entries(perMonth ?? {})) {
      const total = months.get(month) ?? { problems: 0, sum: 0 };
      total.problems += rate.problems;
      total.sum += rate['pass@1'] * rate.problems;
      months.set(month, total);
    }
  }
  const perMonth: Record<string, MonthRate> = {};
  for (const month of [...months.keys()].sort()) {
    const { problems, sum } = months.get(month)!;
    perMonth[month] = { problems, 'pass@1': sum / problems };
  }
  return {
    ...(window === undefined ? {} : { date_window: window }),
    ...(months.size === 0 ? {} : { per_month: perMonth }),
  };
}
