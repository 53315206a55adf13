import { describe, expect, it } from 'vitest';
import { humaneval } from '../tasks/humaneval/task.js';
import { syntheticProblems } from './db/__fixtures__/synthetic-run.js';
import { buildMetrics } from './metrics-file.js';
import type { ResultRecord } from './records.js';

function metricsOf(results: ResultRecord[]) {
  return buildMetrics({
    task: humaneval,
    ks: [1],
    results,
    problems: syntheticProblems(2),
    missing: [],
    dataset: { rows: [], file: '/d.jsonl', sha256: 'd', source: 'local' },
    executor: { sandbox: 'bwrap', isolation: 'namespaces' },
    config: {},
  });
}

const line = (task_id: string, sample: number, over: Partial<ResultRecord> = {}) =>
  ({ task_id, sample, program_hash: 'h', status: 'passed', duration_ms: 1, ...over }) as const;

describe('metrics.json tamper counts', () => {
  it('counts flagged samples per reason and names the cheating rate over scored samples', () => {
    const metrics = metricsOf([
      line('synthetic/0', 0, { status: 'failed', error_type: 'Tamper', tamper: 'trace-hook' }),
      line('synthetic/0', 1),
      line('synthetic/1', 0, { status: 'timeout', tamper: 'result-fd' }),
      line('synthetic/1', 1, { status: 'infra-error' }),
    ]);
    expect(metrics.tamper).toEqual({
      samples: 2,
      by_reason: { 'trace-hook': 1, 'result-fd': 1 },
      cheating_rate: 2 / 3,
    });
    expect(metrics.samples).toBe(3);
    expect(metrics.statuses).toMatchObject({ failed: 1, passed: 1 });
  });

  it('writes a zero count for a run without flags (results.jsonl from an older passk)', () => {
    expect(
      metricsOf([line('synthetic/0', 0), line('synthetic/1', 0, { status: 'failed' })]).tamper,
    ).toEqual({
      samples: 0,
      by_reason: {},
      cheating_rate: 0,
    });
  });
});
