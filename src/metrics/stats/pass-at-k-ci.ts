import { passAtK } from '../pass-at-k.js';
import type { ProblemCounts } from '../summarize.js';
import { type BootstrapInterval, type BootstrapOptions, bootstrapMean } from './bootstrap.js';
import { passAtKVariance, samplingStdError } from './variance.js';

/** One pass@k with everything needed to judge it. */
export interface PassAtKStat extends BootstrapInterval {
  k: number;
  /** Problems behind the number. */
  problems: number;
  /** Samples behind the number (Σ n). */
  samples: number;
  /** Sampling-only standard error of `estimate` (see samplingStdError); null when n < 2k somewhere. */
  samplingStdError: number | null;
}

/** Per-problem pass@k with its sampling variance (null when n < 2k). */
export interface ProblemPassAtKStat extends ProblemCounts {
  passAtK: number;
  variance: number | null;
}

/**
 * pass@k of a run (mean over problems of the unbiased per-problem estimate) with a bootstrap
 * confidence interval over problems: the problems are treated as a sample from the population
 * of problems like them, which is the uncertainty that matters when comparing models. Problems
 * are resampled with their observed (n, c), so sampling noise within a problem is carried too.
 *
 * @param counts one entry per problem; every problem must have n ≥ k
 * @throws RangeError when there are no problems or some problem has n < k (summarize() reports
 *   such a k as skipped; callers should only ask for reported ks)
 */
export function passAtKWithInterval(
  counts: readonly ProblemCounts[],
  k: number,
  options: BootstrapOptions = {},
): PassAtKStat {
  if (counts.length === 0) throw new RangeError('passAtKWithInterval: no problems');
  const short = counts.find((p) => p.n < k);
  if (short !== undefined) {
    throw new RangeError(
      `passAtKWithInterval: problem ${short.problemId} has n=${short.n} < k=${k}`,
    );
  }
  const values = counts.map(({ n, c }) => passAtK(n, c, k));
  const interval = bootstrapMean(values, options);
  return {
    k,
    ...interval,
    problems: counts.length,
    samples: counts.reduce((sum, p) => sum + p.n, 0),
    samplingStdError: samplingStdError(counts, k) ?? null,
  };
}

/** Each problem's pass@k and its sampling variance, in input order (problems with n < k are left out). */
export function perProblemStats(counts: readonly ProblemCounts[], k: number): ProblemPassAtKStat[] {
  return counts
    .filter(({ n }) => n >= k)
    .map((p) => ({
      ...p,
      passAtK: passAtK(p.n, p.c, k),
      variance: passAtKVariance(p.n, p.c, k) ?? null,
    }));
}
