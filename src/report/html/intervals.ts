/**
 * The one place the report gets its confidence intervals from, so that switching the method (or
 * the module that provides it) is a one-line change here.
 */

/** A two-sided interval for a mean over problems. */
export interface Interval {
  lower: number;
  upper: number;
  /** e.g. 0.95 */
  confidence: number;
}

/**
 * Interval for the mean of per-problem scores (one value per problem, e.g. each problem's
 * pass@k), or undefined where none can be given. Pluggable so tests and callers can fix one.
 */
export type IntervalFn = (perProblem: readonly number[]) => Interval | undefined;

/** No intervals: what the report shows when no statistics module is wired in. */
export const noIntervals: IntervalFn = () => undefined;

/**
 * What `passk show` and `passk report` use. No statistics module is wired in yet, so no
 * intervals; replace this with the bootstrap from src/metrics/stats once it is exported there.
 */
export const defaultIntervals: IntervalFn = noIntervals;
