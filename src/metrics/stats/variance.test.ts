import { describe, expect, it } from 'vitest';
import { passAtK } from '../pass-at-k.js';
import { passAtKVariance } from './variance.js';

function binomialPmf(n: number, p: number): number[] {
  const pmf: number[] = [];
  let choose = 1;
  for (let c = 0; c <= n; c++) {
    pmf.push(choose * p ** c * (1 - p) ** (n - c));
    choose = (choose * (n - c)) / (c + 1);
  }
  return pmf;
}

describe('passAtKVariance', () => {
  it('reduces to p̂(1 − p̂)/(n − 1) for k = 1', () => {
    expect(passAtKVariance(10, 3, 1)).toBeCloseTo((0.3 * 0.7) / 9, 15);
  });

  // Unbiasedness, checked exactly: E_c[Var̂(c)] over c ~ Binomial(n, p) equals the true
  // variance of the pass@k estimate over the same distribution.
  it.each([
    [10, 0.3, 1],
    [10, 0.3, 5],
    [20, 0.05, 3],
    [7, 0.8, 2],
  ])('is unbiased for n=%i, p=%f, k=%i', (n, p, k) => {
    const pmf = binomialPmf(n, p);
    let mean = 0;
    let square = 0;
    let expectedEstimate = 0;
    pmf.forEach((w, c) => {
      const value = passAtK(n, c, k);
      mean += w * value;
      square += w * value * value;
      expectedEstimate += w * passAtKVariance(n, c, k)!;
    });
    expect(expectedEstimate).toBeCloseTo(square - mean * mean, 12);
  });

  it('is never negative and is 0 when all or none pass', () => {
    for (let c = 0; c <= 12; c++) expect(passAtKVariance(12, c, 3)).toBeGreaterThanOrEqual(0);
    expect(passAtKVariance(12, 0, 3)).toBe(0);
    expect(passAtKVariance(12, 12, 3)).toBe(0);
  });

  it('is undefined for n < 2k, where no unbiased estimator exists', () => {
    expect(passAtKVariance(9, 4, 5)).toBeUndefined();
    expect(passAtKVariance(10, 4, 5)).toBeDefined();
  });
});
