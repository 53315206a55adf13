import { describe, expect, it } from 'vitest';
import { passAtK } from './pass-at-k.js';
import { summarize } from './summarize.js';

describe('summarize', () => {
  it('averages pass@k over problems', () => {
    const summary = summarize(
      [
        { problemId: 'A/0', n: 10, c: 10 },
        { problemId: 'A/1', n: 10, c: 0 },
        { problemId: 'A/2', n: 10, c: 3 },
      ],
      [1, 10],
    );
    expect(summary.passAtK['pass@1']).toBeCloseTo((1 + 0 + 0.3) / 3, 15);
    expect(summary.passAtK['pass@10']).toBeCloseTo((1 + 0 + 1) / 3, 15);
    expect(summary.skippedK).toEqual([]);
    expect(summary.problems).toBe(3);
    expect(summary.samples).toBe(30);
  });

  it('skips a k that one problem does not reach, and says which problem', () => {
    const summary = summarize(
      [
        { problemId: 'HumanEval/2', n: 20, c: 4 },
        { problemId: 'HumanEval/3', n: 5, c: 1 },
      ],
      [1, 10],
    );
    expect(Object.keys(summary.passAtK)).toEqual(['pass@1']);
    expect(summary.skippedK).toEqual([{ k: 10, reason: 'problem HumanEval/3 has only 5 samples' }]);
  });

  it('names the problem with the fewest samples and how many others fall short', () => {
    const summary = summarize(
      [
        { problemId: 'P/0', n: 8, c: 0 },
        { problemId: 'P/1', n: 1, c: 1 },
        { problemId: 'P/2', n: 9, c: 0 },
        { problemId: 'P/3', n: 100, c: 0 },
      ],
      [10],
    );
    expect(summary.skippedK).toEqual([
      { k: 10, reason: 'problem P/1 has only 1 sample (and 2 more problems have fewer than 10)' },
    ]);
    expect(summary.passAtK).toEqual({});
  });

  it('uses each problem’s own n when n differs across problems', () => {
    const counts = [
      { problemId: 'X/0', n: 200, c: 13 },
      { problemId: 'X/1', n: 10, c: 2 },
      { problemId: 'X/2', n: 37, c: 37 },
    ];
    const summary = summarize(counts, [10, 1]);
    const mean = (k: number) =>
      counts.reduce((s, p) => s + passAtK(p.n, p.c, k), 0) / counts.length;
    expect(summary.passAtK['pass@1']).toBeCloseTo(mean(1), 15);
    expect(summary.passAtK['pass@10']).toBeCloseTo(mean(10), 15);
    expect(summary.samples).toBe(247);
  });

  it('reports per-problem pass@k for every k the problem reaches, even skipped ones', () => {
    const summary = summarize(
      [
        { problemId: 'A', n: 100, c: 50 },
        { problemId: 'B', n: 5, c: 0 },
      ],
      [100, 1, 1],
    );
    expect(summary.perProblem).toEqual([
      { problemId: 'A', n: 100, c: 50, passAtK: { 'pass@1': 0.5, 'pass@100': 1 } },
      { problemId: 'B', n: 5, c: 0, passAtK: { 'pass@1': 0 } },
    ]);
    expect(summary.skippedK.map((s) => s.k)).toEqual([100]);
  });

  it('reports ks in ascending order without duplicates', () => {
    const summary = summarize([{ problemId: 'A', n: 10, c: 1 }], [10, 1, 5, 1]);
    expect(Object.keys(summary.passAtK)).toEqual(['pass@1', 'pass@5', 'pass@10']);
  });

  it('skips every k when there are no problems', () => {
    const summary = summarize([], [1]);
    expect(summary.passAtK).toEqual({});
    expect(summary.skippedK).toEqual([{ k: 1, reason: 'no problems were scored' }]);
    expect(summary.samples).toBe(0);
  });

  it('rejects bad ks, bad counts and duplicate problems', () => {
    expect(() => summarize([], [0])).toThrow(RangeError);
    expect(() => summarize([], [1.5])).toThrow(RangeError);
    expect(() => summarize([{ problemId: 'A', n: 3, c: 4 }], [1])).toThrow(RangeError);
    const twice = [
      { problemId: 'A', n: 3, c: 1 },
      { problemId: 'A', n: 3, c: 1 },
    ];
    expect(() => summarize(twice, [1])).toThrow(/A appears twice/);
  });
});
