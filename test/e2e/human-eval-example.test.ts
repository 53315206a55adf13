import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { dataPath } from '../helpers/data.js';

const example = dataPath('humaneval');

describe("human-eval's example_samples.jsonl against example_problem.jsonl", () => {
  it('gives the verdicts human-eval documents: 3 of 6 pass, pass@1 = 0.5', async () => {
    const out = await tempDir();
    const result = await runCli([
      'evaluate',
      '--task',
      'humaneval-unstripped',
      '--allow-code-execution',
      '--dataset-path',
      join(example, 'example_problem.jsonl'),
      '--generations',
      join(example, 'example_samples.jsonl'),
      '--output-dir',
      out,
    ]);
    expect(result.stderr).toBe('');
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics['humaneval-unstripped']['pass@1']).toBeCloseTo(0.5, 12);
    const results = (await readFile(join(out, 'results.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    // In file order: rm -rf via subprocess, sleep(10), input(), then three indentations of return 1.
    expect(results.map((r) => r.status)).toEqual([
      'error',
      'timeout',
      'error',
      'passed',
      'passed',
      'passed',
    ]);
    // human-eval's swallow_io: reading stdin raises OSError (passk follows it, docs/environments.md).
    expect(results[2].error_type).toBe('OSError');
  });
});
