import { describe, expect, it } from 'vitest';
import type { MetricSample } from '../types.js';
import { methodLevelMetric } from './metric.js';

const classes: Record<string, string[]> = { P1: ['A', 'B', 'Main'], P2: [' X', 'Main'] };
const metric = methodLevelMetric((id) => classes[id] ?? []);
const sample = (task_id: string, n: number, status: string, message?: string): MetricSample => ({
  task_id,
  sample: n,
  status,
  ...(message ? { message } : {}),
});

describe('method-level pass@k', () => {
  it('counts each test class on its own: named failures, passes, and programs that never finished', () => {
    const results = [
      sample('P1', 0, 'passed'),
      sample('P1', 1, 'failed', 'failed test classes: [B, Main] (2 of 3); first: t: x'),
      sample('P2', 0, 'failed', 'failed test classes: [ X] (1 of 2); first: no test ran'),
      sample('P2', 1, 'timeout'),
    ];
    const out = metric.compute({ problemIds: ['P1', 'P2'], results, ks: [1, 2, 3] });
    // Per class passes of 2 samples: A 2, B 1, Main 1; " X" 0, Main 1.
    expect(out['method_pass@1']).toBeCloseTo((1 + 0.5 + 0.5 + 0 + 0.5) / 5);
    expect(out['method_pass@2']).toBeCloseTo((1 + 1 + 1 + 0 + 1) / 5);
    expect(out['method_pass@3']).toBeUndefined();
    expect(out['test_classes']).toBe(5);
  });
});
