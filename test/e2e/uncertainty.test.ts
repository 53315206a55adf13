import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';

const dataDir = requireData('humaneval/HumanEval.jsonl.gz');

describe('every reported pass@k carries its interval and standard error', () => {
  it('metrics.json and the terminal summary give the 95% CI, SE and the method', async () => {
    const dir = await tempDir();
    const reference = join(dir, 'ref');
    const ran = await runCli([
      'run',
      '--task',
      'humaneval',
      '--model',
      'reference',
      '--allow-code-execution',
      '--data-dir',
      dataDir,
      '--limit',
      '4',
      '--no-db',
      '--output-dir',
      reference,
    ]);
    expect(ran.code).toBe(0);
    const good = JSON.parse(
      await readFile(join(reference, 'generations.json'), 'utf8'),
    ) as string[][];
    const bad = 'def broken():\n    return None\n';
    // Per-problem pass@1: 1, 0, 0.5, 1, so the interval has a width and the SE is not 0.
    const lists = [
      [good[0]![0]!, good[0]![0]!],
      [bad, bad],
      [good[2]![0]!, bad],
      [good[3]![0]!, good[3]![0]!],
    ];
    const generations = join(dir, 'generations.json');
    await writeFile(generations, JSON.stringify(lists));
    const out = join(dir, 'out');
    const result = await runCli([
      'evaluate',
      '--task',
      'humaneval',
      '--generations',
      generations,
      '--allow-code-execution',
      '--data-dir',
      dataDir,
      '--limit',
      '4',
      '--k',
      '1,2',
      '--no-db',
      '--output-dir',
      out,
    ]);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.humaneval['pass@1']).toBeCloseTo(0.625, 6);
    const u = metrics.uncertainty;
    expect(u.method).toContain('bootstrap');
    expect(u.confidence).toBe(0.95);
    expect(u.resamples).toBeGreaterThanOrEqual(10_000);
    for (const key of ['pass@1', 'pass@2']) {
      const score = metrics.humaneval[key] as number;
      expect(u[key].lower).toBeLessThan(score);
      expect(u[key].upper).toBeGreaterThan(score);
      expect(u[key].standard_error).toBeGreaterThan(0);
    }
    // sd of (1, 0, 0.5, 1) / √4
    expect(u['pass@1'].standard_error).toBeCloseTo(Math.sqrt(0.22916666 / 4), 5);
    expect(result.stdout).toMatch(/pass@1 = 0\.6250 \(95% CI \d\.\d{4}–\d\.\d{4}, SE 0\.\d{4}/);
    expect(result.stdout).toMatch(/pass@2 = .*95% CI/);
  });
});
