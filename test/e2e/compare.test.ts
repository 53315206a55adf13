import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Outcome, writeSyntheticRun } from '../../src/compare/synthetic-run.test-helpers.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';

/** A real run: HumanEval's reference solutions on the first 20 problems (all pass). */
let reference: string;
beforeAll(async () => {
  reference = await tempDir();
  const args = ['run', '--task', 'humaneval', '--model', 'reference', '--allow-code-execution'];
  const result = await runCli([
    ...args,
    '--data-dir',
    requireData('humaneval/HumanEval.jsonl.gz'),
    '--output-dir',
    reference,
    '--limit',
    '20',
  ]);
  expect(result.code, result.stderr).toBe(0);
});

describe('passk compare', () => {
  it('finds exactly the planted regressions against a real reference run', async () => {
    // Same 20 problems; 3, 11 and 17 now fail (one sample each, as in the reference run).
    const outcomes: Record<string, Outcome[]> = {};
    for (let i = 0; i < 20; i++) outcomes[`HumanEval/${i}`] = ['passed'];
    outcomes['HumanEval/3'] = [['error', 'NameError']];
    outcomes['HumanEval/11'] = [['failed', 'AssertionError']];
    outcomes['HumanEval/17'] = [['timeout', 'Timeout']];
    const worse = await tempDir();
    await writeSyntheticRun(worse, { outcomes });
    const json = join(await tempDir(), 'comparison.json');
    const result = await runCli(['compare', reference, worse, '--json', json]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('compared 20 problems (only in A: 0, only in B: 0');
    expect(result.stdout).toContain(
      'regressed (some pass in A → none in B): 3: HumanEval/3, HumanEval/11, HumanEval/17',
    );
    expect(result.stdout).toContain('improved (no pass in A → some in B): 0');
    const comparison = JSON.parse(await readFile(json, 'utf8'));
    expect(comparison.regressed).toEqual(['HumanEval/3', 'HumanEval/11', 'HumanEval/17']);
    expect(comparison.improved).toEqual([]);
    expect(comparison.difference.interval.estimate).toBeCloseTo(-3 / 20, 12);
    expect(comparison.difference.pValue).toBe(2 / 8); // exact sign-flip over 3 differing problems
    expect(comparison.b.failures.byKind).toEqual({ NameError: 1, AssertionError: 1, Timeout: 1 });
  });

  it('finds the planted improvements the other way round, and names problems only in one run', async () => {
    const outcomes: Record<string, Outcome[]> = {};
    for (let i = 0; i < 25; i++)
      outcomes[`HumanEval/${i}`] = i === 4 || i === 9 ? ['failed'] : ['passed'];
    const other = await tempDir();
    await writeSyntheticRun(other, { outcomes });
    const result = await runCli([
      'compare',
      other,
      reference,
      '--seed',
      '7',
      '--resamples',
      '2000',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('only in A: 5, only in B: 0');
    expect(result.stdout).toContain(
      'improved (no pass in A → some in B): 2: HumanEval/4, HumanEval/9',
    );
    expect(result.stdout).toContain('regressed (some pass in A → none in B): 0');
  });

  it('explains a path that is not a run, in one line', async () => {
    const result = await runCli(['compare', reference, join(reference, 'nope')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/passk: error: run '.*nope' not found/);
  });
});
