import { describe, expect, it } from 'vitest';
import type { MetricSample } from '../types.js';
import { recodeId, recodeMetric } from './robust.js';

/** Verdicts for (problem, perturbation, seed): one boolean per sample index. */
function samples(taskId: string, perturbation: string, seed: number, passed: boolean[]) {
  return passed.map(
    (ok, sample): MetricSample => ({
      task_id: recodeId(taskId, perturbation, seed),
      sample,
      status: ok ? 'passed' : 'failed',
    }),
  );
}

describe('ReCode robustness metrics', () => {
  const results = [
    ...samples('t1', 'nominal', 0, [true, false]),
    ...samples('t2', 'nominal', 0, [true, true]),
    ...samples('t1', 'P', 0, [true, false]),
    ...samples('t1', 'P', 1, [false, false]),
    ...samples('t2', 'P', 0, [true, true]),
    ...samples('t2', 'P', 1, [true, false]),
  ];
  const problemIds = [...new Set(results.map((r) => r.task_id))];

  it('robust pass needs the same sample right on every seed; drop and relative against nominal', () => {
    const out = recodeMetric.compute({ problemIds, results, ks: [1, 2, 3] });
    expect(out['nominal/pass@1']).toBe(0.75);
    // t1: no sample right on both seeds; t2: sample 0 only → (0 + 1/2) / 2.
    expect(out['P/robust-pass@1']).toBe(0.25);
    expect(out['P/robust-drop@1']).toBeCloseTo((0.75 - 0.25) / 0.75);
    // One of two samples per problem turns from right to wrong, none the other way.
    expect(out['P/robust-relative@1']).toBe(0.5);
    expect(out['P/alt-robust-pass@1']).toBe(0.25);
    expect(out['P/robust-pass@2']).toBe(0.5);
    expect(out['mean/robust-pass@1']).toBe(0.25);
    // n = 2 samples: k = 3 is out of reach and not reported.
    expect(out['P/robust-pass@3']).toBeUndefined();
  });

  it('leaves out infrastructure errors', () => {
    const withInfra = [
      ...results,
      { task_id: recodeId('t1', 'P', 0), sample: 2, status: 'infra-error' },
    ];
    const out = recodeMetric.compute({ problemIds, results: withInfra, ks: [1] });
    expect(out['P/robust-pass@1']).toBe(0.25);
  });
});
