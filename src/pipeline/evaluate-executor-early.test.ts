/**
 * Issue 30: evaluate() opens its executor (probes, sandbox check, first worker) beside the
 * dataset load. A load that fails closes it: no worker outlives the error.
 */
import { describe, expect, it } from 'vitest';
import { DatasetError } from '../core/errors.js';
import { mostWarmWorkers, warmWorkers } from '../execution/warm-workers.test-helpers.js';
import { defineTask } from '../tasks/types.js';
import { evaluate } from './evaluate.js';

const task = defineTask({
  name: 'early-executor',
  description: 'a task whose dataset is missing',
  language: 'python',
  dataset: { hub: { repo: 'none/none', revision: '0'.repeat(40), path: 'x.jsonl' } },
  defaultTimeoutMs: 1000,
  stopSequences: [],
  problems: () => [],
  postprocess: (_, text: string) => text,
  program: () => ({ language: 'python', source: 'raise SystemExit(0)' }),
});

describe('evaluate() with a dataset that cannot load', () => {
  it('fails with the dataset error and leaves no worker running', async () => {
    const before = warmWorkers().length;
    const run = evaluate({
      task,
      candidates: { kind: 'reference' },
      allowCodeExecution: true,
      verdictCache: false,
      dataset: { datasetPath: '/nonexistent/file.jsonl', offline: true },
    });
    await expect(run).rejects.toBeInstanceOf(DatasetError);
    expect(await mostWarmWorkers()).toBe(before);
  });
});
