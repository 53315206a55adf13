import { passAtK } from '../../metrics/pass-at-k.js';
import { countPerProblem, countVerdicts, type ProblemTally } from '../../metrics/verdict-counts.js';
import type { RunRecord } from '../../store/records.js';
import type { Interval, IntervalFn } from './intervals.js';

/** One point of a pass@k curve. */
export interface CurvePoint {
  k: number;
  /** Mean over problems of pass@k. */
  value: number;
  interval?: Interval;
}

/** Per-problem (n, c) from the run's verdicts; sandbox failures are left out of n as in metrics. */
export function problemTallies(run: RunRecord): ProblemTally[] {
  const withVerdict = run.samples.flatMap((s) =>
    s.verdict ? [{ problemId: s.problemId, status: s.verdict.status }] : [],
  );
  return countPerProblem(
    withVerdict,
    run.problems.map((p) => p.id),
  ).filter((t) => t.n > 0);
}

/**
 * The ks worth plotting up to `maxK`: 1, 2, 3, 5, 10, 20, 30, 50, 100, … and maxK itself. Enough
 * points for the curve's shape on a log axis without a bootstrap per integer k.
 */
export function curveKs(maxK: number): number[] {
  const ks = new Set<number>();
  for (let decade = 1; decade <= maxK; decade *= 10) {
    for (const step of [1, 2, 3, 5]) if (step * decade <= maxK) ks.add(step * decade);
  }
  if (maxK >= 1) ks.add(maxK);
  return [...ks].sort((a, b) => a - b);
}

/**
 * pass@k for each k every problem reaches (k ≤ the smallest n), as in metrics.json, each with
 * an interval from `intervals` over the per-problem estimates.
 */
export function passAtKCurve(
  tallies: readonly ProblemTally[],
  intervals: IntervalFn,
  ks?: readonly number[],
): CurvePoint[] {
  if (tallies.length === 0) return [];
  const minN = Math.min(...tallies.map((t) => t.n));
  return (ks ?? curveKs(minN))
    .filter((k) => k >= 1 && k <= minN)
    .map((k) => {
      const values = tallies.map((t) => passAtK(t.n, t.c, k));
      const interval = intervals(values);
      const value = values.reduce((sum, v) => sum + v, 0) / values.length;
      return interval === undefined ? { k, value } : { k, value, interval };
    });
}

export interface Breakdown {
  /** [status, count], most common first. */
  byStatus: [string, number][];
  /** [error type, count] over samples that did not pass, most common first. */
  byErrorType: [string, number][];
  total: number;
}

/** Counts by verdict and by error type, for the failure chart and the terminal summary. */
export function failureBreakdown(run: RunRecord): Breakdown {
  const verdicts = run.samples.flatMap((s) => (s.verdict ? [s.verdict] : []));
  const counts = countVerdicts(verdicts.filter((v) => v.status !== 'passed'));
  const all = countVerdicts(verdicts);
  const sorted = (record: Record<string, number | undefined>) =>
    Object.entries(record)
      .flatMap(([key, n]) => (n === undefined ? [] : [[key, n] as [string, number]]))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return {
    byStatus: sorted(all.byStatus),
    byErrorType: sorted(counts.byErrorType),
    total: all.total,
  };
}
