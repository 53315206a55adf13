import { passAtK } from './pass-at-k.js';
import { DEFAULT_RESAMPLES } from './stats/bootstrap.js';
import { passAtKWithInterval } from './stats/pass-at-k-ci.js';
import { DEFAULT_SEED } from './stats/prng.js';
import type { ProblemCounts } from './summarize.js';

/** metrics.json `uncertainty`: a 95% interval and standard error for every reported pass@k. */
export interface Uncertainty {
  method: string;
  confidence: number;
  resamples: number;
  seed: number;
  [passAtK: string]:
    | { lower: number; upper: number; standard_error: number; sampling_std_error: number | null }
    | string
    | number;
}

/**
 * The interval is a seeded BCa bootstrap over problems with 10 000 resamples: the Monte-Carlo
 * error of a bound is then about 0.002 standard errors, far below the interval's width, and the
 * same inputs give the same bytes. The standard error is analytic (sd of the per-problem pass@k
 * over √problems), so it carries no resampling noise at all.
 */
export function passAtKUncertainty(
  counts: readonly ProblemCounts[],
  keys: readonly string[],
): Uncertainty | undefined {
  const scored = counts.filter((p) => p.n > 0);
  if (scored.length === 0 || keys.length === 0) return undefined;
  const out: Uncertainty = {
    method:
      'interval: BCa bootstrap over problems (seeded); standard_error: sd of per-problem pass@k / sqrt(problems); sampling_std_error: within-problem sampling noise only (null when some n < 2k)',
    confidence: 0.95,
    resamples: DEFAULT_RESAMPLES,
    seed: DEFAULT_SEED,
  };
  for (const key of keys) {
    const k = Number(key.replace('pass@', ''));
    if (!Number.isInteger(k) || scored.some((p) => p.n < k)) continue;
    const stat = passAtKWithInterval(scored, k, { confidence: 0.95 });
    out[key] = {
      lower: round(stat.lower),
      upper: round(stat.upper),
      standard_error: round(standardError(scored, k, stat.estimate)),
      sampling_std_error: stat.samplingStdError === null ? null : round(stat.samplingStdError),
    };
  }
  return out;
}

function standardError(counts: readonly ProblemCounts[], k: number, mean: number): number {
  if (counts.length < 2) return 0;
  const values = counts.map((p) => passAtK(p.n, p.c, k));
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1);
  return Math.sqrt(variance / values.length);
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
