/**
 * The unbiased pass@k estimator of Chen et al. (2021): the chance that at least one of k samples,
 * drawn without replacement from n generated samples of which c pass, is correct.
 *
 *   pass@k = 1 − C(n−c, k) / C(n, k) = 1 − ∏_{i=n−c+1}^{n} (1 − k/i)
 *
 * The product form avoids the huge binomials. We evaluate the product in log space,
 * −expm1(Σ log1p(−k/i)), because `1 − ∏` cancels when the product is close to 1: its relative
 * error grows like 1/pass@k (≈1e-13 at n = 10 000, c = k = 1), while the log form stays within a
 * few ulps (≤ 5e-16 against exact rational arithmetic on every case in the tests).
 *
 * Pure: no I/O, no state.
 *
 * @param n samples generated for the problem (integer, n ≥ k)
 * @param c samples that passed (integer, 0 ≤ c ≤ n)
 * @param k samples drawn (integer, 1 ≤ k ≤ n)
 * @returns a value in [0, 1]: exactly 0 when c = 0, exactly 1 when n − c < k
 * @throws RangeError when an argument is not an integer or breaks 0 ≤ c ≤ n, 1 ≤ k ≤ n
 */
export function passAtK(n: number, c: number, k: number): number {
  assertValidArguments(n, c, k);
  // Every draw of k must then contain a passing sample.
  if (n - c < k) return 1;
  let logMiss = 0;
  for (let i = n - c + 1; i <= n; i++) logMiss += Math.log1p(-k / i);
  // `0 − x` rather than `−x`: with c = 0 the sum is 0 and `−expm1(0)` would be −0, which
  // serialises as 0 but fails Object.is checks and prints as "-0" in some formatters.
  return 0 - Math.expm1(logMiss);
}

function assertValidArguments(n: number, c: number, k: number): void {
  for (const [name, value] of [
    ['n', n],
    ['c', c],
    ['k', k],
  ] as const) {
    if (!Number.isSafeInteger(value)) {
      throw new RangeError(`passAtK: ${name} must be an integer, got ${value}`);
    }
  }
  if (c < 0 || c > n) {
    throw new RangeError(`passAtK: need 0 ≤ c ≤ n, got n=${n}, c=${c}`);
  }
  if (k < 1 || k > n) {
    throw new RangeError(`passAtK: need 1 ≤ k ≤ n, got n=${n}, k=${k}`);
  }
}
