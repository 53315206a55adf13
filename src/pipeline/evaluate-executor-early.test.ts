/**
 * Issue 30: evaluate() opens its executor (probes, sandbox check, first worker) beside the
 * dataset load. A load that fails closes it: no worker outlives the error.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DatasetError } from '../core/errors.js';
import { defineTask } from '../tasks/types.js';
import { evaluate } from './evaluate.js';

/** This process's children that are warm workers. */
function workers(): string[] {
  try {
    const out = execFileSync('ps', ['--ppid', String(process.pid), '-o', 'args='], {
      encoding: 'utf8',
    });
    return out.split('\n').filter((line) => /worker\.py/.test(line));
  } catch {
    return []; // ps exits 1 when there is none
  }
}

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
    const run = evaluate({
      task,
      candidates: { kind: 'reference' },
      allowCodeExecution: true,
      verdictCache: false,
      dataset: { datasetPath: '/nonexistent/file.jsonl', offline: true },
    });
    await expect(run).rejects.toBeInstanceOf(DatasetError);
    // An executor left open would start its worker soon after (not before) the error: watch a
    // while, not only at once.
    const seen: string[] = [];
    for (let i = 0; i < 30; i++) {
      seen.push(...workers());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toEqual([]);
  });
});
