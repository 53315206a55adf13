/**
 * The one place the report gets its confidence intervals from, so that switching the method (or
 * the module that provides it) is a one-line change here.
 */
import { bootstrapMean } from '../../metrics/stats/index.js';

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

/** No intervals. */
export const noIntervals: IntervalFn = () => undefined;

/**
 * 95% BCa bootstrap over problems with the stats module's defaults (10 000 resamples, fixed
 * seed): the same interval `passAtKWithInterval` gives, so report, `passk show` and `passk
 * compare` print the same bounds for the same run.
 */
export const defaultIntervals: IntervalFn = (values) =>
  values.length === 0 ? undefined : bootstrapMean(values);
