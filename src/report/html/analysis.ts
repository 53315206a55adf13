import { passAtK } from '../../metrics/pass-at-k.js';
import { countPerProblem, countVerdicts, type ProblemTally } from '../../metrics/verdict-counts.js';
import type { RunRecord } from '../../store/records.js';
import type { Interval, IntervalFn, PairedFn } from './intervals.js';

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

export interface ProblemChange {
  problemId: string;
  /** pass@1 (c / n) in run A and run B. */
  a: number;
  b: number;
}

export interface Comparison {
  /** Problems both runs scored. */
  common: number;
  /** pass@1 of each run on the common problems only, and B − A. */
  passAt1: { a: number; b: number; difference: number };
  /** Paired-bootstrap interval for B − A and the sign-flip p-value, when a PairedFn gives them. */
  paired?: { interval: Interval; pValue: number };
  /** Problems whose pass@1 went up from A to B, largest change first; and down. */
  improved: ProblemChange[];
  regressed: ProblemChange[];
}

/**
 * Paired per-problem comparison of two runs on the problems both scored. With one sample per
 * problem the changes are exactly the problems that flipped between pass and fail.
 */
export function compareRuns(a: RunRecord, b: RunRecord, paired: PairedFn): Comparison {
  const rateB = new Map(problemTallies(b).map((t) => [t.problemId, t.c / t.n]));
  const pairs = problemTallies(a).flatMap((t) => {
    const other = rateB.get(t.problemId);
    return other === undefined ? [] : [{ problemId: t.problemId, a: t.c / t.n, b: other }];
  });
  const mean = (values: number[]) =>
    values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
  const test =
    pairs.length === 0
      ? undefined
      : paired(
          pairs.map((p) => p.a),
          pairs.map((p) => p.b),
        );
  const byChange = (x: ProblemChange, y: ProblemChange) =>
    Math.abs(y.b - y.a) - Math.abs(x.b - x.a) || x.problemId.localeCompare(y.problemId);
  const passA = mean(pairs.map((p) => p.a));
  const passB = mean(pairs.map((p) => p.b));
  return {
    common: pairs.length,
    passAt1: { a: passA, b: passB, difference: passB - passA },
    ...(test === undefined ? {} : { paired: test }),
    improved: pairs.filter((p) => p.b > p.a).sort(byChange),
    regressed: pairs.filter((p) => p.b < p.a).sort(byChange),
  };
}
