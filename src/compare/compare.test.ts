import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/cli.js';
import type { VerdictStatus } from '../execution/types.js';
import { formatComparison } from '../report/comparison-text.js';
import { loadRun } from '../store/load.js';
import { compareRuns } from './compare.js';
import { type Outcome, writeSyntheticRun } from './synthetic-run.test-helpers.js';

const times = (status: VerdictStatus, n: number): Outcome[] =>
  Array.from({ length: n }, () => status);
const mix = (passed: number, n: number): Outcome[] => [
  ...times('passed', passed),
  ...Array.from({ length: n - passed }, (): Outcome => ['failed', 'AssertionError']),
];

async function runs(a: Record<string, Outcome[]>, b: Record<string, Outcome[]>) {
  const [da, db] = [await tempDir(), await tempDir()];
  await writeSyntheticRun(da, { outcomes: a });
  await writeSyntheticRun(db, { outcomes: b });
  return [
    await loadRun(da, { detail: 'scores' }),
    await loadRun(db, { detail: 'scores' }),
  ] as const;
}

describe('compareRuns', () => {
  it('finds exactly the planted flips and the problems only one run has', async () => {
    const a: Record<string, Outcome[]> = {};
    const b: Record<string, Outcome[]> = {};
    for (let i = 0; i < 30; i++) {
      a[`HumanEval/${i}`] = mix(i % 5, 5);
      b[`HumanEval/${i}`] = mix(i % 5, 5);
    }
    // Planted: 0 and 5 improve (0/5 → some), 3 regresses (3/5 → 0/5), 7 changes but does not flip.
    b['HumanEval/0'] = mix(2, 5);
    b['HumanEval/5'] = mix(5, 5);
    b['HumanEval/3'] = mix(0, 5);
    b['HumanEval/7'] = mix(4, 5);
    a['HumanEval/99'] = mix(1, 5);
    b['HumanEval/98'] = mix(1, 5);
    const [ra, rb] = await runs(a, b);
    const c = compareRuns(ra, rb, { resamples: 500 });
    expect(c.improved).toEqual(['HumanEval/0', 'HumanEval/5']);
    expect(c.regressed).toEqual(['HumanEval/3']);
    expect(c.compared).toBe(30);
    expect(c.onlyInA).toEqual(['HumanEval/99']);
    expect(c.onlyInB).toEqual(['HumanEval/98']);
    expect(c.largestChanges.map((ch) => ch.problemId)).toEqual([
      'HumanEval/5',
      'HumanEval/3',
      'HumanEval/0',
      'HumanEval/7',
    ]);
    expect(c.difference.interval.estimate).toBeCloseTo((2 + 5 - 3 + 2) / 5 / 30, 12);
    expect(c.difference.pValueMethod).toBe('exact');
    // A passes Σ(i mod 5) = 60 of 150; B gains 2 + 5 − 3 + 2 = 6; every other sample failed.
    expect(c.b.failures.byKind['AssertionError']).toBe(150 - c.b.failures.passed);
    expect(c.b.failures.passed).toBe(66);
    const text = formatComparison(c);
    expect(text).toContain('improved (no pass in A → some in B): 2: HumanEval/0, HumanEval/5');
    expect(text).toContain('regressed (some pass in A → none in B): 1: HumanEval/3');
  });

  it('gives no flips, zero difference and p = 1 for a run against itself', async () => {
    const a = { 'HumanEval/0': mix(1, 2), 'HumanEval/1': mix(0, 2) };
    const [ra, rb] = await runs(a, a);
    const c = compareRuns(ra, rb, { k: 2 });
    expect([c.improved, c.regressed, c.largestChanges]).toEqual([[], [], []]);
    expect(c.difference.pValue).toBe(1);
  });

  it('leaves out problems without k samples and refuses when none is left', async () => {
    const [ra, rb] = await runs(
      { 'HumanEval/0': mix(1, 1), 'HumanEval/1': mix(1, 3) },
      { 'HumanEval/0': mix(1, 3), 'HumanEval/1': mix(1, 3) },
    );
    expect(compareRuns(ra, rb, { k: 2 }).tooFewSamples).toEqual(['HumanEval/0']);
    expect(() => compareRuns(ra, rb, { k: 5 })).toThrow(/no problem can be compared at k=5/);
  });
});

describe('compareRuns and release-date windows', () => {
  const window = (since: string | null, cutoff: string | null = null) => ({
    date_window: { since, until: null, model_cutoff: cutoff },
  });
  async function pair(ca: Record<string, unknown>, cb: Record<string, unknown>) {
    const outcomes = { 'HumanEval/0': mix(1, 2), 'HumanEval/1': mix(0, 2) };
    const [da, db] = [await tempDir(), await tempDir()];
    await writeSyntheticRun(da, { outcomes, config: ca });
    await writeSyntheticRun(db, { outcomes, config: cb });
    return compareRuns(
      await loadRun(da, { detail: 'scores' }),
      await loadRun(db, { detail: 'scores' }),
    );
  }

  it('warns when the two runs used different windows, or only one used one', async () => {
    const differ = await pair(window('2024-01-01'), window(null, '2023-12-31'));
    expect(differ.warnings).toContain(
      'the runs used different release-date windows: 2024-01-01 to … vs … to … (model cutoff 2023-12-31)',
    );
    const oneSided = await pair(window('2024-01-01'), {});
    expect(oneSided.warnings).toContain(
      'the runs used different release-date windows: 2024-01-01 to … vs none',
    );
    expect((await pair(window('2024-01-01'), window('2024-01-01'))).warnings).toEqual([]);
  });
});
