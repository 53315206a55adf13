import type { ProblemCounts } from '../summarize.js';

/**
 * Unbiased estimate of the sampling variance of one problem's pass@k estimate, i.e. how much
 * the estimate would move if the same model were sampled n times again on this problem.
 *
 * With m = n − c failing samples and q_j = C(m, j) / C(n, j) (the unbiased estimator of
 * (1 − p)^j from n Bernoulli(p) samples), pass@k = 1 − q_k, and
 *
 *   Var̂ = q_k² − q_{2k}
 *
 * is unbiased for Var(1 − q_k) = E[q_k²] − (1 − p)^{2k}, because q_k² is unbiased for E[q_k²]
 * and q_{2k} for (1 − p)^{2k}. For k = 1 it reduces to the textbook p̂(1 − p̂)/(n − 1). It is
 * never negative (q_{2k} = q_k · ∏_{i=k}^{2k−1}(m−i)/(n−i) ≤ q_k²).
 *
 * Why not a plug-in (p̂ = c/n in the binomial formula): it is biased low for small n, exactly
 * where the variance matters. Why n ≥ 2k: from n samples only polynomials in p of degree ≤ n
 * have unbiased estimators, and the variance has degree 2k; for k < n < 2k no unbiased
 * estimator exists, so passk reports none rather than a number with unknown bias.
 *
 * @returns the variance, or undefined when n < 2k
 * @throws RangeError on counts that break 0 ≤ c ≤ n or k < 1
 */
export function passAtKVariance(n: number, c: number, k: number): number | undefined {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(c) || c < 0 || c > n) {
    throw new RangeError(`passAtKVariance: need 0 ≤ c ≤ n, got n=${n}, c=${c}`);
  }
  if (!Number.isSafeInteger(k) || k < 1) {
    throw new RangeError(`passAtKVariance: k must be an integer ≥ 1, got ${k}`);
  }
  if (n < 2 * k) return undefined;
  const qk = failAll(n, n - c, k);
  return Math.max(0, qk * qk - failAll(n, n - c, 2 * k));
}

/** C(m, j) / C(n, j) = ∏_{i<j} (m − i)/(n − i): the chance that j draws all miss. */
function failAll(n: number, m: number, j: number): number {
  if (m < j) return 0;
  let q = 1;
  for (let i = 0; i < j; i++) q *= (m - i) / (n - i);
  return q;
}

/**
 * Standard error of the benchmark mean of pass@k that comes from sampling alone (the problems
 * held fixed): √(Σ Var̂_i) / P. The bootstrap interval over problems already includes this
 * noise; this number says how much of the width more samples per problem could remove.
 *
 * @returns undefined when some problem has n < 2k (see passAtKVariance) or there are none
 */
export function samplingStdError(counts: readonly ProblemCounts[], k: number): number | undefined {
  if (counts.length === 0) return undefined;
  let total = 0;
  for (const { n, c } of counts) {
    const v = passAtKVariance(n, c, k);
    if (v === undefined) return undefined;
    total += v;
  }
  return Math.sqrt(total) / counts.length;
}
