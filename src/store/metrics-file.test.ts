import { describe, expect, it } from 'vitest';
import { humaneval } from '../tasks/humaneval.js';
import type { Problem } from '../tasks/types.js';
import { buildMetrics } from './metrics-file.js';
import type { ResultRecord } from './records.js';

const problem = (id: string): Problem => ({
  id,
  language: 'python',
  prompt: '',
  datasetPrompt: '',
  tests: '',
  meta: {},
});

function metricsOf(results: ResultRecord[]) {
  return buildMetrics({
    task: humaneval,
    ks: [1],
    results,
    problems: [problem('A'), problem('B')],
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
      line('A', 0, { status: 'failed', error_type: 'Tamper', tamper: 'trace-hook' }),
      line('A', 1),
      line('B', 0, { status: 'timeout', tamper: 'result-fd' }),
      line('B', 1, { status: 'infra-error' }),
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
    expect(metricsOf([line('A', 0), line('B', 0, { status: 'failed' })]).tamper).toEqual({
      samples: 0,
      by_reason: {},
      cheating_rate: 0,
    });
  });
});
