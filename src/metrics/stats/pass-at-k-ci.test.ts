import { describe, expect, it } from 'vitest';
import { passAtKWithInterval, perProblemStats } from './pass-at-k-ci.js';
import { simulateRun, truePassAtK } from './simulate.test-helpers.js';

const counts = (cs: number[], n: number) => cs.map((c, i) => ({ problemId: `P/${i}`, n, c }));

/** Fraction of 200 seeded simulated runs whose interval covers the population pass@k. */
function coverage(
  setup: { n: number; k: number; a: number; b: number },
  confidence = 0.95,
): number {
  const truth = truePassAtK(setup.a, setup.b, setup.k);
  let covered = 0;
  for (let sim = 0; sim < 200; sim++) {
    const run = simulateRun(1000 + sim, 164, setup.n, setup.a, setup.b);
    const stat = passAtKWithInterval(run, setup.k, { resamples: 2000, seed: sim, confidence });
    if (stat.lower <= truth && truth <= stat.upper) covered++;
  }
  return covered / 200;
}

describe('passAtKWithInterval', () => {
  it('is exactly [1, 1] when every sample passes', () => {
    const stat = passAtKWithInterval(counts([5, 5, 5, 5], 5), 1);
    expect([stat.estimate, stat.lower, stat.upper]).toEqual([1, 1, 1]);
    expect(stat.problems).toBe(4);
    expect(stat.samples).toBe(20);
  });

  it('is exactly [0, 0] when nothing passes', () => {
    const stat = passAtKWithInterval(counts([0, 0, 0], 4), 2);
    expect([stat.lower, stat.upper]).toEqual([0, 0]);
  });

  it('is reproducible from its seed and moves with another seed', () => {
    const run = simulateRun(7, 50, 3, 1, 1);
    const a = passAtKWithInterval(run, 1, { seed: 1, resamples: 500 });
    expect(passAtKWithInterval(run, 1, { seed: 1, resamples: 500 })).toEqual(a);
    expect(passAtKWithInterval(run, 1, { seed: 2, resamples: 500 }).lower).not.toBe(a.lower);
  });

  it('refuses a k that some problem does not reach', () => {
    expect(() => passAtKWithInterval(counts([1, 1], 1), 2)).toThrow(/P\/0 has n=1 < k=2/);
  });

  // 164 problems like HumanEval, true rates skewed towards 0 and 1 as real models' are.
  it.each([
    { n: 1, k: 1, a: 0.6, b: 0.4 },
    { n: 10, k: 1, a: 0.5, b: 0.9 },
    { n: 10, k: 5, a: 0.3, b: 1.2 },
  ])('covers the true pass@k in ≥ 93% of 200 simulations (%o)', (setup) => {
    expect(coverage(setup)).toBeGreaterThanOrEqual(0.93);
  });

  it('would fail the coverage check with too narrow an interval (the check discriminates)', () => {
    expect(coverage({ n: 1, k: 1, a: 0.6, b: 0.4 }, 0.5)).toBeLessThan(0.7);
  });

  it('reports the sampling standard error only where n ≥ 2k', () => {
    // k = 1: Var̂ = p̂(1 − p̂)/(n − 1) per problem; SE = √ΣVar̂ / P.
    const se = passAtKWithInterval(counts([1, 2], 4), 1).samplingStdError;
    expect(se).toBeCloseTo(Math.sqrt(1 / 16 + 1 / 12) / 2, 12);
    expect(passAtKWithInterval(counts([1, 2], 3), 2).samplingStdError).toBeNull();
    const per = perProblemStats(counts([1, 2], 3), 1);
    expect(per.map((p) => p.variance)).toEqual([1 / 9, 1 / 9]);
  });
});
