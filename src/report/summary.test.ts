import { describe, expect, it } from 'vitest';
import type { MetricsFile } from '../store/metrics-file.js';
import { formatSummary } from './summary.js';

const metrics = {
  'multiple-js': { 'pass@1': 1 },
  problems: 1,
  samples: 2,
  statuses: { passed: 2 },
  error_types: { LooseEqualityOnly: 1 },
  execution: { sandbox: 'bwrap', isolation: 'namespaces' },
  metric: { name: 'pass@k', keys: {} },
  strict_equality_pass_at_k: { 'pass@1': 0.5 },
} as unknown as MetricsFile;

describe('formatSummary', () => {
  it('shows the strict-equality figure beside a loose (MultiPL-E) score', () => {
    const text = formatSummary('multiple-js', { metrics, files: {} });
    expect(text).toContain('  pass@1 = 1.0000');
    expect(text).toContain('  strict equality pass@1 = 0.5000 (LooseEqualityOnly samples failed)');
  });
});
