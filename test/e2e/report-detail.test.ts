/**
 * Uncertainty and detail where people look: HumanEval+ base and plus side by side in the
 * summary, `show`, `compare` and the report; `--json` summaries alone on stdout; run ids for
 * `compare` and `report`; re-run verdicts and preflight counters kept apart in the run files.
 * Real runs: the reference solutions (A) against a samples file with a boundary bug that only
 * plus catches and a function that returns None (B).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDataset, sharedDataDir } from '../../src/datasets/index.js';
import { tasks } from '../../src/tasks/index.js';
import { runCli, tempDir } from '../helpers/cli.js';

const dataDir = sharedDataDir();
const LIMIT = 4;
let dir = '';
let db = '';
let idA = '';
let idB = '';
interface Score {
  value: number;
  lower?: number;
  upper?: number;
  standard_error?: number;
}
/** The part of a `--json` summary these tests read. */
interface Summary {
  task: string;
  run_id: string;
  scores: Record<string, Score>;
  suites: Record<string, Record<string, Score>>;
  statuses: Record<string, number>;
}
let summaryA = {} as Summary;
let summaryB = {} as Summary;

/** Problem 0 with `<=` for `<` (passes base, fails plus), problem 1 returning None, two samples each. */
async function buggySamples(file: string): Promise<void> {
  const task = await tasks.get('humanevalplus');
  const loaded = await loadDataset(task.dataset, { dataDir, offline: true });
  const problems = task.problems(loaded.rows, loaded.file).slice(0, LIMIT);
  const rows = problems.flatMap((p, i) => {
    const solution = (p.meta['evalplus'] as { solution: string }).solution;
    const program =
      i === 0
        ? solution.replace('< threshold', '<= threshold')
        : i === 1
          ? `${p.prompt}\n    return None\n`
          : solution;
    return [0, 1].map(() => JSON.stringify({ task_id: p.id, solution: program }));
  });
  await writeFile(file, `${rows.join('\n')}\n`);
}

const common = ['--task', 'humanevalplus', '--allow-code-execution', '--data-dir', dataDir];

beforeAll(async () => {
  dir = await tempDir('passk-detail-');
  db = join(dir, 'passk.db');
  const a = await runCli([
    'run',
    ...common,
    '--model',
    'reference',
    '--limit',
    String(LIMIT),
    '--output-dir',
    join(dir, 'a'),
    '--db',
    db,
    '--json',
  ]);
  expect(a.code).toBe(0);
  summaryA = JSON.parse(a.stdout);
  const file = join(dir, 'buggy-samples.jsonl');
  await buggySamples(file);
  const b = await runCli([
    'evaluate',
    ...common,
    '--generations',
    file,
    '--k',
    '1,2',
    '--limit',
    String(LIMIT),
    '--output-dir',
    join(dir, 'b'),
    '--db',
    db,
    '--json',
  ]);
  expect(b.code).toBe(0);
  summaryB = JSON.parse(b.stdout);
  idA = summaryA.run_id;
  idB = summaryB.run_id;
});

describe('--json summaries', () => {
  it('run and evaluate print one JSON object with base and plus, intervals included', () => {
    expect(summaryA.task).toBe('humanevalplus');
    expect(summaryA.scores['pass@1']).toMatchObject({ value: 1, lower: 1, upper: 1 });
    expect(summaryB.suites['base']!['pass@1']!.value).toBe(0.75);
    expect(summaryB.suites['plus']!['pass@1']!.value).toBe(0.5);
    expect(summaryB.suites['base']!['pass@2']!.value).toBe(0.75);
    // The headline is plus, with its interval and standard error.
    const plus = summaryB.scores['pass@1']!;
    expect(plus.value).toBe(0.5);
    expect(plus.lower).toBeLessThanOrEqual(0.5);
    expect(plus.upper).toBeGreaterThanOrEqual(0.5);
    expect(plus.standard_error).toBeGreaterThan(0);
    expect(summaryB.statuses).toEqual({ passed: 4, failed: 4 });
    expect(typeof idA).toBe('string');
    expect(idB).not.toBe(idA);
  });

  it('show --json gives base and plus for a run id, labelled by its generations file', async () => {
    const shown = await runCli(['show', idB, '--db', db, '--json']);
    expect(shown.code).toBe(0);
    const json = JSON.parse(shown.stdout);
    expect(json.label).toBe(`buggy-samples.jsonl · ${idB}`);
    expect(json.suites.base['pass@1'].value).toBe(0.75);
    expect(json.suites.plus['pass@1'].value).toBe(0.5);
    expect(json.scores['pass@1'].value).toBe(0.5);
  });

  it('compare --json alone prints the comparison, with both suites, on stdout only', async () => {
    const compared = await runCli(['compare', idA, idB, '--db', db, '--json']);
    expect(compared.code).toBe(0);
    expect(compared.stderr).toBe('');
    const json = JSON.parse(compared.stdout);
    expect(json.suites.map((s: { suite: string }) => s.suite)).toEqual(['base', 'plus']);
    const [base, plus] = json.suites;
    expect([base.a.estimate, base.b.estimate]).toEqual([1, 0.75]);
    expect([plus.a.estimate, plus.b.estimate]).toEqual([1, 0.5]);
    expect(base.regressed).toEqual(['HumanEval/1']);
    expect(plus.regressed).toEqual(['HumanEval/0', 'HumanEval/1']);
  });
});

describe('base and plus side by side in text', () => {
  it('show labels each suite', async () => {
    const shown = await runCli(['show', idB, '--db', db]);
    expect(shown.stdout).toMatch(/^ {2}base pass@1 = 75\.0% \[/m);
    expect(shown.stdout).toMatch(/^ {2}plus pass@1 = 50\.0% \[/m);
  });

  it('compare prints both suites', async () => {
    const compared = await runCli(['compare', join(dir, 'a'), join(dir, 'b')]);
    expect(compared.code).toBe(0);
    expect(compared.stdout).toMatch(/^ {4}base {2}pass@1: A 1\.0000 .* B 0\.7500 /m);
    expect(compared.stdout).toMatch(/^ {4}plus {2}pass@1: A 1\.0000 .* B 0\.5000 /m);
  });

  it('the terminal summary gives each suite an interval, plus marked as the headline', async () => {
    const out = await tempDir();
    const file = join(dir, 'buggy-samples.jsonl');
    const args = ['evaluate', ...common, '--generations', file, '--output-dir', out];
    args.push('--limit', String(LIMIT), '--db', db, '--label', 'buggy v2');
    const result = await runCli(args);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^ {2}base pass@1 = 0\.7500 \(95% CI .*SE /m);
    expect(result.stdout).toMatch(/^ {2}plus pass@1 = 0\.5000 \(95% CI .*\(headline\)$/m);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(Object.keys(metrics.suite_uncertainty)).toEqual(['base', 'plus']);
    expect(metrics.suite_uncertainty.base['pass@1'].standard_error).toBeGreaterThan(0);
    // --label names the run in run.json and wherever the store shows it.
    expect(JSON.parse(await readFile(join(out, 'run.json'), 'utf8')).label).toBe('buggy v2');
    const id = /run id: (\w+)/.exec(result.stdout)![1]!;
    const shown = JSON.parse((await runCli(['show', id, '--db', db, '--json'])).stdout);
    expect(shown.label).toBe(`buggy v2 · ${id}`);
  });
});

describe('passk report from run ids', () => {
  it('writes the report of two stored runs with base and plus in the cards and the comparison', async () => {
    const out = join(dir, 'out', 'report.html');
    const result = await runCli(['report', idA, idB, '--db', db, '-o', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('2 runs');
    const html = await readFile(out, 'utf8');
    // Named by the generations file, not "file:/tmp/…/buggy-samples.jsonl".
    expect(html).toContain(`<h2>buggy-samples.jsonl · ${idB}</h2>`);
    expect(html.match(/class="score" data-suite="base"/g)).toHaveLength(1 + 2);
    expect(html).toContain('<tr data-suite="plus">');
  });
});

describe('run files', () => {
  it('results.jsonl keeps a re-run verdict and its first attempt; run.json keeps the preflight apart', async () => {
    const out = await tempDir();
    const samples = join(dir, 'sleepy.jsonl');
    const rows = [
      { task_id: 'HumanEval/0', completion: '    import time\n    time.sleep(30)\n' },
      { task_id: 'HumanEval/1', completion: '    return []\n' },
    ];
    await writeFile(samples, rows.map((r) => JSON.stringify(r)).join('\n'));
    const args = ['evaluate', '--task', 'humaneval', '--generations', samples, '--timeout', '1'];
    const run = await runCli([
      ...args,
      '--allow-code-execution',
      '--data-dir',
      dataDir,
      '--limit',
      '2',
      '--output-dir',
      out,
      '--no-db',
      '--no-cache',
      // the preflight's canaries run (a kept preflight would skip them: none to count)
      '--no-artifact-cache',
    ]);
    expect(run.code).toBe(0);
    const lines = (await readFile(join(out, 'results.jsonl'), 'utf8')).trim().split('\n');
    const [sleepy, wrong] = lines.map((line) => JSON.parse(line));
    expect(sleepy.status).toBe('timeout');
    // It slept: little CPU, so the timeout was run again; the first attempt is kept.
    expect(sleepy.rerun).toMatchObject({ reason: 'low-cpu', first_status: 'timeout' });
    expect(sleepy.rerun.first_duration_ms).toBeGreaterThanOrEqual(1000);
    expect(wrong.rerun).toBeUndefined();
    const info = JSON.parse(await readFile(join(out, 'run.json'), 'utf8'));
    expect(info.execution.executed).toBe(2);
    expect(info.execution.timeoutsRerun).toBe(1);
    expect(info.execution.preflight.executed).toBeGreaterThan(0);
  });
});

describe('exit codes (docs/commands.md)', () => {
  it('exits 3 with one line for a sandbox that cannot run the task', async () => {
    const out = await tempDir();
    const args = ['run', '--task', 'humaneval-x-js', '--model', 'reference', '--limit', '1'];
    const result = await runCli([
      ...args,
      '--allow-code-execution',
      '--sandbox',
      'subprocess',
      '--data-dir',
      dataDir,
      '--output-dir',
      join(out, 'run'),
      '--no-db',
      '--json',
    ]);
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^passk: error: the subprocess sandbox runs Python only/);
    expect(result.stderr).not.toContain('    at ');
  });
});
