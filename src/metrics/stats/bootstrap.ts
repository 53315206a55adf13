import { normalCdf, normalQuantile } from './normal.js';
import { DEFAULT_SEED, resampleMeans } from './prng.js';

/** Options shared by every bootstrap in passk. */
export interface BootstrapOptions {
  /** Bootstrap resamples. Default 10 000: the Monte-Carlo error of a 95% bound is then ≈0.002·SE. */
  resamples?: number;
  /** PRNG seed (mulberry32); the same seed and data give the same interval. Default DEFAULT_SEED. */
  seed?: number;
  /** Two-sided confidence level in (0, 1). Default 0.95. */
  confidence?: number;
  /**
   * 'bca' (default): bias-corrected and accelerated percentile interval (Efron 1987), which
   * corrects the plain percentile interval's under-coverage for skewed per-problem scores
   * (most problems at 0 or 1). 'percentile': the plain percentile interval.
   */
  method?: 'bca' | 'percentile';
}

export interface BootstrapInterval {
  /** The statistic on the data itself (the mean of the values). */
  estimate: number;
  lower: number;
  upper: number;
  confidence: number;
  resamples: number;
  seed: number;
  method: 'bca' | 'percentile';
}

export const DEFAULT_RESAMPLES = 10_000;

/**
 * Confidence interval for the mean of `values` by the nonparametric bootstrap: resample the
 * values (one per problem) with replacement, recompute the mean, take quantiles. When every
 * value is the same (e.g. all problems pass), the interval is that value exactly: no resample
 * can differ from it.
 *
 * @throws RangeError on no values, a non-finite value, resamples < 1 or confidence ∉ (0, 1)
 */
export function bootstrapMean(
  values: readonly number[],
  options: BootstrapOptions = {},
): BootstrapInterval {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  const confidence = options.confidence ?? 0.95;
  const method = options.method ?? 'bca';
  validate(values, resamples, confidence);
  const count = values.length;
  const estimate = values.reduce((sum, v) => sum + v, 0) / count;
  const base = { estimate, confidence, resamples, seed, method };
  if (values.every((v) => v === values[0])) return { ...base, lower: estimate, upper: estimate };
  const means = resampleMeans(values, resamples, seed);
  means.sort();
  const alpha = (1 - confidence) / 2;
  const [low, high] =
    method === 'bca' ? bcaLevels(values, estimate, means, alpha) : [alpha, 1 - alpha];
  return { ...base, lower: quantile(means, low), upper: quantile(means, high) };
}

/**
 * BCa's adjusted quantile levels. For the mean, the jackknife acceleration has the closed form
 * a = Σ(x−x̄)³ / (6 (Σ(x−x̄)²)^1.5). Ties with the estimate count half, which keeps z0 finite
 * and unbiased for the discrete bootstrap distributions that pass@1 with n = 1 produces.
 */
function bcaLevels(
  values: readonly number[],
  estimate: number,
  sortedMeans: Float64Array,
  alpha: number,
): [number, number] {
  let below = 0;
  let ties = 0;
  for (const m of sortedMeans) {
    if (m < estimate) below++;
    else if (m === estimate) ties++;
  }
  const z0 = normalQuantile((below + ties / 2) / sortedMeans.length);
  let m2 = 0;
  let m3 = 0;
  for (const v of values) {
    const d = v - estimate;
    m2 += d * d;
    m3 += d * d * d;
  }
  const a = m3 / (6 * m2 ** 1.5);
  if (!Number.isFinite(z0) || !Number.isFinite(a)) return [alpha, 1 - alpha];
  const level = (z: number) => normalCdf(z0 + (z0 + z) / (1 - a * (z0 + z)));
  return [level(normalQuantile(alpha)), level(normalQuantile(1 - alpha))];
}

/** Linear-interpolated quantile (Hyndman–Fan type 7) of an ascending array. */
export function quantile(sorted: Float64Array, p: number): number {
  const position = Math.min(Math.max(p, 0), 1) * (sorted.length - 1);
  const i = Math.floor(position);
  const lower = sorted[i]!;
  const upper = sorted[Math.min(i + 1, sorted.length - 1)]!;
  return lower + (upper - lower) * (position - i);
}

function validate(values: readonly number[], resamples: number, confidence: number): void {
  if (values.length === 0) throw new RangeError('bootstrap: no values');
  if (!values.every(Number.isFinite)) throw new RangeError('bootstrap: values must be finite');
  if (!Number.isSafeInteger(resamples) || resamples < 1) {
    throw new RangeError(`bootstrap: resamples must be an integer ≥ 1, got ${resamples}`);
  }
  if (!(confidence > 0 && confidence < 1)) {
    throw new RangeError(`bootstrap: confidence must be in (0, 1), got ${confidence}`);
  }
}
