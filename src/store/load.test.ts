import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/cli.js';
import { loadRun } from './load.js';

const metrics = {
  humaneval: { 'pass@1': 0.5 },
  config: { task: 'humaneval' },
  passk_version: '0.1.0',
  per_problem: [{ task_id: 'HumanEval/0', n: 2, c: 1, 'pass@1': 0.5 }],
};
const result = {
  task_id: 'HumanEval/0',
  sample: 0,
  program_hash: 'x',
  status: 'passed',
  duration_ms: 1,
};

describe('loadRun', () => {
  it('reads a run directory or its metrics.json', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'metrics.json'), JSON.stringify(metrics));
    await writeFile(join(dir, 'results.jsonl'), `${JSON.stringify(result)}\n`);
    const run = await loadRun(dir, { detail: 'scores' });
    expect(run).toMatchObject({ summary: { runDir: dir, task: 'humaneval' }, results: [result] });
    expect(run.metrics?.per_problem).toHaveLength(1);
    const byFile = await loadRun(join(dir, 'metrics.json'), { detail: 'scores' });
    expect(byFile.summary.runDir).toBe(dir);
  });

  it('names what is wrong with a path that is not a finished run', async () => {
    const dir = await tempDir();
    await expect(loadRun(join(dir, 'nope'))).rejects.toThrow(/not found/);
    await expect(loadRun(dir)).rejects.toThrow(/has no metrics.json/);
    await mkdir(join(dir, 'bad'));
    await writeFile(join(dir, 'bad', 'metrics.json'), '{"config": {}}');
    await expect(loadRun(join(dir, 'bad'))).rejects.toThrow(/field config.task/);
    await writeFile(join(dir, 'bad', 'metrics.json'), '{');
    await expect(loadRun(join(dir, 'bad'))).rejects.toThrow(/not valid JSON/);
  });
});
