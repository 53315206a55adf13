import { describe, expect, it } from 'vitest';
import type { VerdictStatus } from '../../execution/types.js';
import { analyzeFailures, formatFailures } from './failures.js';
import { largestPlusDrops } from './plus-drop.js';

const r = (task_id: string, status: VerdictStatus, error_type?: string) => ({
  task_id,
  status,
  ...(error_type === undefined ? {} : { error_type }),
});

describe('analyzeFailures', () => {
  const results = [
    r('A', 'passed'),
    r('A', 'failed', 'AssertionError'),
    r('B', 'error', 'NameError'),
    r('B', 'error', 'SyntaxError'),
    r('B', 'timeout', 'Timeout'),
    r('C', 'incomplete'),
    r('C', 'failed', 'AssertionError'),
  ];

  it('counts by status and kind, per problem and overall', () => {
    const analysis = analyzeFailures(results);
    expect(analysis.overall).toEqual({
      samples: 7,
      passed: 1,
      byStatus: { passed: 1, failed: 2, error: 2, timeout: 1, incomplete: 1 },
      byKind: { AssertionError: 2, NameError: 1, SyntaxError: 1, Timeout: 1, incomplete: 1 },
    });
    expect(analysis.perProblem.map((p) => [p.problemId, p.samples, p.passed])).toEqual([
      ['A', 2, 1],
      ['B', 3, 0],
      ['C', 2, 0],
    ]);
    expect(analysis.perProblem[1]!.byKind).toEqual({ NameError: 1, SyntaxError: 1, Timeout: 1 });
  });

  it('prints kinds largest first and the worst problems', () => {
    const text = formatFailures(analyzeFailures(results), 2);
    expect(text).toContain('7 samples, 1 passed');
    expect(text.indexOf('AssertionError')).toBeLessThan(text.indexOf('NameError'));
    expect(text).toContain('B: 3/3 failing (NameError 1, SyntaxError 1, Timeout 1)');
    expect(text).not.toContain('A: 1/2');
  });
});

describe('largestPlusDrops', () => {
  it('ranks problems by base → plus drop on a synthetic run with both statuses', () => {
    const rows = [];
    // P0: 4/4 base, 1/4 plus (drop .75); P1: 2/4 → 2/4; P2: 4/4 → 3/4; P3: 3/4 → 0/4 (drop .75).
    const plan: Record<string, [number, number]> = {
      P0: [4, 1],
      P1: [2, 2],
      P2: [4, 3],
      P3: [3, 0],
    };
    for (const [id, [base, plus]] of Object.entries(plan)) {
      for (let s = 0; s < 4; s++) {
        rows.push({
          task_id: id,
          sample: s,
          base_status: s < base ? ('passed' as const) : ('failed' as const),
          plus_status: s < plus ? ('passed' as const) : ('failed' as const),
        });
      }
    }
    rows.push({
      task_id: 'P2',
      sample: 9,
      base_status: 'passed' as const,
      plus_status: 'infra-error' as const,
    });
    const drops = largestPlusDrops(rows);
    expect(drops.map((d) => [d.problemId, d.drop])).toEqual([
      ['P0', 0.75],
      ['P3', 0.75],
      ['P2', 0.25],
    ]);
    expect(drops[2]!.n).toBe(4);
    expect(largestPlusDrops(rows, 1)).toHaveLength(1);
  });
});
