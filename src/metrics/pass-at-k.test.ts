import { describe, expect, it } from 'vitest';
import { passAtK } from './pass-at-k.js';

/** C(n, k) exactly. */
function binomial(n: bigint, k: bigint): bigint {
  if (k < 0n || k > n) return 0n;
  let result = 1n;
  // Each partial product is C(n−k+i, i), so the division is exact.
  for (let i = 1n; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

/** 1 − C(n−c, k) / C(n, k) as an exact fraction, rounded to a double only at the end. */
function exactPassAtK(n: number, c: number, k: number): number {
  const total = binomial(BigInt(n), BigInt(k));
  const numerator = total - binomial(BigInt(n - c), BigInt(k));
  return fractionToDouble(numerator, total);
}

/** num/den (0 ≤ num ≤ den) to a double with > 64 correct bits before the final rounding. */
function fractionToDouble(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  let shift = 0n;
  while ((num << shift) / den < 1n << 64n) shift++;
  return Number((num << shift) / den) / 2 ** Number(shift);
}

function expectCloseToExact(n: number, c: number, k: number): void {
  const exact = exactPassAtK(n, c, k);
  const actual = passAtK(n, c, k);
  if (exact === 0) {
    expect(actual, `n=${n} c=${c} k=${k}`).toBe(0);
    return;
  }
  const relativeError = Math.abs(actual - exact) / exact;
  expect(relativeError, `n=${n} c=${c} k=${k}: ${actual} vs exact ${exact}`).toBeLessThan(1e-12);
}

describe('passAtK against exact rational arithmetic', () => {
  it('matches every (n, c, k) with n = 1..30', () => {
    let cases = 0;
    for (let n = 1; n <= 30; n++) {
      for (let c = 0; c <= n; c++) {
        for (let k = 1; k <= n; k++) {
          expectCloseToExact(n, c, k);
          cases++;
        }
      }
    }
    expect(cases).toBe(9920);
  });

  for (const k of [1, 10, 100]) {
    it(`matches n = 200, k = ${k}, every c from 0 to 200`, () => {
      for (let c = 0; c <= 200; c++) expectCloseToExact(200, c, k);
    });
  }

  it('keeps relative precision when pass@k is tiny (large n, one pass)', () => {
    for (const n of [1000, 10_000, 100_000]) expectCloseToExact(n, 1, 1);
    expectCloseToExact(10_000, 3, 7);
  });
});

describe('passAtK edge cases', () => {
  it('is exactly 0 with no passing sample and exactly 1 when every draw must pass', () => {
    expect(passAtK(200, 0, 100)).toBe(0);
    expect(passAtK(1, 0, 1)).toBe(0);
    expect(passAtK(1, 1, 1)).toBe(1);
    expect(passAtK(200, 200, 1)).toBe(1);
    // n − c < k: 5 failures cannot fill 10 draws.
    expect(passAtK(20, 15, 10)).toBe(1);
  });

  it('is c/n for k = 1 and 0-or-1 for k = n', () => {
    expect(passAtK(10, 3, 1)).toBeCloseTo(0.3, 15);
    expect(passAtK(200, 37, 1)).toBeCloseTo(37 / 200, 15);
    expect(passAtK(7, 0, 7)).toBe(0);
    expect(passAtK(7, 1, 7)).toBe(1);
  });

  it('matches hand-worked values', () => {
    // 1 − C(3,2)/C(5,2) = 1 − 3/10
    expect(passAtK(5, 2, 2)).toBeCloseTo(0.7, 15);
    // 1 − C(8,3)/C(10,3) = 1 − 56/120
    expect(passAtK(10, 2, 3)).toBeCloseTo(64 / 120, 15);
  });

  it('grows with c and with k', () => {
    for (let c = 1; c <= 50; c++)
      expect(passAtK(50, c, 5)).toBeGreaterThanOrEqual(passAtK(50, c - 1, 5));
    for (let k = 2; k <= 50; k++)
      expect(passAtK(50, 4, k)).toBeGreaterThanOrEqual(passAtK(50, 4, k - 1));
  });
});

describe('passAtK argument validation', () => {
  const invalid: [string, number, number, number][] = [
    ['k > n', 5, 1, 6],
    ['k = 0', 5, 1, 0],
    ['negative k', 5, 1, -1],
    ['c > n', 5, 6, 1],
    ['negative c', 5, -1, 1],
    ['n = 0', 0, 0, 1],
    ['fractional n', 5.5, 1, 1],
    ['fractional c', 5, 1.5, 1],
    ['fractional k', 5, 1, 1.5],
    ['NaN', Number.NaN, 1, 1],
    ['Infinity', Number.POSITIVE_INFINITY, 1, 1],
  ];
  for (const [label, n, c, k] of invalid) {
    it(`throws RangeError on ${label}`, () => {
      expect(() => passAtK(n, c, k)).toThrow(RangeError);
    });
  }

  it('names the offending argument', () => {
    expect(() => passAtK(5, 1, 6)).toThrow(/k ≤ n.*n=5, k=6/);
    expect(() => passAtK(5, 1.5, 1)).toThrow(/c must be an integer/);
  });
});
