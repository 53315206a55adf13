import { type BootstrapInterval, type BootstrapOptions, bootstrapMean } from './bootstrap.js';
import { DEFAULT_SEED, mulberry32 } from './prng.js';

export interface PairedDifference {
  /** Bootstrap interval of mean(b − a) over problems, resampling problems (pairs) together. */
  interval: BootstrapInterval;
  /**
   * Two-sided p-value of the sign-flip permutation test of "no difference": under that null,
   * each problem's difference is as likely to be −d as d, so the observed |Σ d| is ranked among
   * the sums with random signs. Exact (all 2^m sign patterns) when m ≤ EXACT_SIGN_FLIP_LIMIT
   * problems differ, otherwise Monte Carlo with the add-one correction (never exactly 0).
   */
  pValue: number;
  pValueMethod: 'exact' | 'monte-carlo';
  /** Problems whose two values differ (the only ones a sign flip can move). */
  differing: number;
}

/** Up to this many differing problems, the sign-flip test enumerates every pattern (2^16 sums). */
export const EXACT_SIGN_FLIP_LIMIT = 16;

/**
 * Paired comparison of two runs' per-problem scores (same problems, same order): the
 * difference b − a with a paired-bootstrap interval and a sign-flip p-value. Pairing removes the
 * between-problem variance, which dominates a benchmark's uncertainty, so a paired test can
 * detect differences that two separate intervals would hide.
 *
 * @throws RangeError when the arrays differ in length or are empty
 */
export function pairedDifference(
  a: readonly number[],
  b: readonly number[],
  options: BootstrapOptions = {},
): PairedDifference {
  if (a.length !== b.length) throw new RangeError('pairedDifference: arrays differ in length');
  const diffs = a.map((value, i) => b[i]! - value);
  const interval = bootstrapMean(diffs, options);
  const nonzero = diffs.filter((d) => d !== 0);
  const rounds = options.resamples ?? interval.resamples;
  const exact = nonzero.length <= EXACT_SIGN_FLIP_LIMIT;
  const pValue = exact
    ? exactSignFlip(nonzero)
    : monteCarloSignFlip(nonzero, rounds, options.seed ?? DEFAULT_SEED);
  return {
    interval,
    pValue,
    pValueMethod: exact ? 'exact' : 'monte-carlo',
    differing: nonzero.length,
  };
}

/** A sum at least as extreme as the observed one, allowing for float rounding in the sums. */
function atLeast(sum: number, observed: number): boolean {
  return Math.abs(sum) >= Math.abs(observed) - 1e-9 * Math.max(1, Math.abs(observed));
}

function exactSignFlip(diffs: readonly number[]): number {
  if (diffs.length === 0) return 1;
  const observed = diffs.reduce((s, d) => s + d, 0);
  const patterns = 2 ** diffs.length;
  let extreme = 0;
  for (let mask = 0; mask < patterns; mask++) {
    let sum = 0;
    for (let i = 0; i < diffs.length; i++) sum += mask & (1 << i) ? -diffs[i]! : diffs[i]!;
    if (atLeast(sum, observed)) extreme++;
  }
  return extreme / patterns;
}

function monteCarloSignFlip(diffs: readonly number[], rounds: number, seed: number): number {
  const observed = diffs.reduce((s, d) => s + d, 0);
  // A stream independent of the bootstrap's, so the two do not share random draws.
  const random = mulberry32(seed ^ 0x9e3779b9);
  let extreme = 0;
  for (let r = 0; r < rounds; r++) {
    let sum = 0;
    for (const d of diffs) sum += random() < 0.5 ? -d : d;
    if (atLeast(sum, observed)) extreme++;
  }
  return (extreme + 1) / (rounds + 1);
}
