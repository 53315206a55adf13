import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';

const dataDir = requireData('humaneval/HumanEval.jsonl.gz');

async function run(extra: string[]) {
  const out = await tempDir();
  const result = await runCli([
    'run',
    '--task',
    'humaneval',
    '--model',
    'reference',
    '--allow-code-execution',
    '--data-dir',
    dataDir,
    '--output-dir',
    out,
    '--limit',
    '3',
    ...extra,
  ]);
  expect(result.stderr).not.toContain('internal error');
  expect(result.code, result.stderr).toBe(0);
  const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
  const results = (await readFile(join(out, 'results.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { status: string; judge?: string });
  return { metrics, results };
}

describe('--judge: where verdicts are decided, recorded per sample and per run', () => {
  it('judges outside by default and in-process when asked; metrics.json and results.jsonl say which', async () => {
    const outside = await run([]);
    expect(outside.metrics.config.judge).toBe('outside');
    const judging = (metrics: { reference_differences: string[] }) =>
      metrics.reference_differences.filter((line) => line.startsWith('judging: outside'));
    expect(judging(outside.metrics)).toHaveLength(1);
    expect(outside.results.map((r) => [r.status, r.judge])).toEqual([
      ['passed', 'outside'],
      ['passed', 'outside'],
      ['passed', 'outside'],
    ]);
    const inProcess = await run(['--judge', 'in-process']);
    expect(inProcess.metrics.config.judge).toBe('in-process');
    expect(judging(inProcess.metrics)).toEqual([]);
    expect(inProcess.results.map((r) => [r.status, r.judge])).toEqual([
      ['passed', undefined],
      ['passed', undefined],
      ['passed', undefined],
    ]);
  }, 120_000);

  it('refuses a placement it does not know', async () => {
    const result = await runCli([
      'run',
      '--task',
      'humaneval',
      '--model',
      'reference',
      '--judge',
      'nowhere',
    ]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('--judge must be outside or in-process');
  });
});
