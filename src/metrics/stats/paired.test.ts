import { describe, expect, it } from 'vitest';
import { bootstrapMean } from './bootstrap.js';
import { pairedDifference } from './paired.js';
import { mulberry32 } from './prng.js';

describe('pairedDifference', () => {
  it('gives [0, 0] and p = 1 for identical runs', () => {
    const a = [0, 1, 0.5, 1, 0];
    const result = pairedDifference(a, a);
    expect([result.interval.lower, result.interval.upper, result.pValue]).toEqual([0, 0, 1]);
  });

  it('computes the exact sign-flip p-value', () => {
    // Three problems each up by 1: only the all-plus and all-minus patterns reach |Σ| = 3.
    const result = pairedDifference([0, 0, 0, 0.5], [1, 1, 1, 0.5]);
    expect(result.pValueMethod).toBe('exact');
    expect(result.pValue).toBe(2 / 8);
    expect(result.differing).toBe(3);
  });

  it('finds a real difference on many problems and none in pure noise', () => {
    const random = mulberry32(3);
    const a = Array.from({ length: 164 }, () => (random() < 0.5 ? 1 : 0));
    const better = a.map((v) => (v === 0 && random() < 0.3 ? 1 : v));
    const strong = pairedDifference(a, better, { resamples: 4000 });
    expect(strong.pValueMethod).toBe('monte-carlo');
    expect(strong.pValue).toBeLessThan(0.01);
    expect(strong.interval.lower).toBeGreaterThan(0);
    const noise = a.map((v) => (random() < 0.1 ? 1 - v : v));
    const none = pairedDifference(a, noise, { resamples: 4000 });
    expect(none.pValue).toBeGreaterThan(0.05);
    expect(none.interval.lower).toBeLessThan(0);
    expect(none.interval.upper).toBeGreaterThan(0);
  });
});

describe('bootstrapMean', () => {
  it('rejects bad input', () => {
    expect(() => bootstrapMean([])).toThrow(RangeError);
    expect(() => bootstrapMean([1], { confidence: 1 })).toThrow(RangeError);
    expect(() => bootstrapMean([1], { resamples: 0 })).toThrow(RangeError);
  });

  it('agrees with the normal interval on a large symmetric sample', () => {
    const random = mulberry32(11);
    const values = Array.from({ length: 2000 }, () => random());
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1));
    const half = (1.96 * sd) / Math.sqrt(values.length);
    for (const method of ['bca', 'percentile'] as const) {
      const ci = bootstrapMean(values, { method, resamples: 4000 });
      expect(ci.lower).toBeCloseTo(mean - half, 2);
      expect(ci.upper).toBeCloseTo(mean + half, 2);
    }
  });
});
