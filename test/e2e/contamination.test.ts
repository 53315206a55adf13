import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { writeSyntheticCorpus } from '../../src/contamination/synthetic-corpus.js';
import { loadDataset } from '../../src/datasets/index.js';
import { humaneval } from '../../src/tasks/humaneval/task.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { requireData, requireTaskData } from '../helpers/data.js';

// 100 MB, as the acceptance asks: generated to disk in 1 MiB blocks, scanned at ~60 MB/s.
const CORPUS_BYTES = 100e6;
let dir: string;
let prompt: string;

beforeAll(async () => {
  dir = await tempDir();
  const loaded = await loadDataset(humaneval.dataset, {
    dataDir: requireTaskData(humaneval),
    offline: true,
  });
  prompt = humaneval.problems(loaded.rows, loaded.file)[58]!.datasetPrompt;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function scan(corpus: string, output: string) {
  const args = [
    'contamination',
    '--task',
    'humaneval',
    '--corpus',
    corpus,
    '--data-dir',
    requireData('humaneval/HumanEval.jsonl.gz'),
  ];
  const result = await runCli([...args, '--output', output]);
  expect(result.code, result.stderr).toBe(0);
  return { stdout: result.stdout, report: JSON.parse(await readFile(output, 'utf8')) };
}

describe('passk contamination', () => {
  it('finds a HumanEval prompt planted in a 100 MB corpus, at its exact place', async () => {
    const corpus = join(dir, 'planted.txt');
    const { plantedAt } = await writeSyntheticCorpus(corpus, {
      bytes: CORPUS_BYTES,
      seed: 5,
      plant: { text: prompt, at: 0.61 },
    });
    const { stdout, report } = await scan(corpus, join(dir, 'planted.json'));
    await rm(corpus);
    expect(report.flagged).toEqual(['HumanEval/58']);
    expect(report.bytes).toBeGreaterThanOrEqual(CORPUS_BYTES);
    const hit = report.problems.find((p: { task_id: string }) => p.task_id === 'HumanEval/58');
    expect(hit.prompt_ratio).toBe(1);
    const lead = prompt.length - prompt.trimStart().length;
    expect(hit.best).toMatchObject({ file: corpus, offset: plantedAt!.offset + lead });
    expect(stdout).toContain('flagged (prompt or solution overlap ≥ 0.5): 1');
    expect(stdout).toContain('! HumanEval/58');
  });

  it('reports no hits on a clean 100 MB corpus', async () => {
    const corpus = join(dir, 'clean.txt');
    await writeSyntheticCorpus(corpus, { bytes: CORPUS_BYTES, seed: 6 });
    const { stdout, report } = await scan(corpus, join(dir, 'clean.json'));
    await rm(corpus);
    expect(report.flagged).toEqual([]);
    expect(report.problems).toHaveLength(164);
    expect(report.problems.filter((p: { found: number }) => p.found > 0)).toEqual([]);
    expect(stdout).toContain('no n-gram of any problem was found');
  });

  it('lets evaluate leave flagged problems out of the score', async () => {
    const corpus = join(dir, 'small.txt');
    await writeFile(corpus, `some text\n${prompt}\nmore text\n`);
    const report = join(dir, 'contamination.json');
    await scan(corpus, report);
    const out = await tempDir();
    const args = ['run', '--task', 'humaneval', '--model', 'reference', '--allow-code-execution'];
    const range = [
      '--limit-start',
      '55',
      '--limit',
      '5',
      '--data-dir',
      requireData('humaneval/HumanEval.jsonl.gz'),
    ];
    const result = await runCli([
      ...args,
      ...range,
      '--exclude-contaminated',
      report,
      '--output-dir',
      out,
    ]);
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.problems).toBe(4);
    expect(metrics.config.excluded_contaminated).toEqual(['HumanEval/58']);
    expect(metrics.per_problem.map((p: { task_id: string }) => p.task_id)).not.toContain(
      'HumanEval/58',
    );
    // A samples.jsonl that covers every selected problem, the flagged one included: its samples
    // of the flagged problem are dropped, not refused as samples of an unselected problem.
    const whole = await tempDir();
    const reference = await runCli([...args, ...range, '--no-db', '--output-dir', whole]);
    expect(reference.code, reference.stderr).toBe(0);
    const scored = await tempDir();
    const evaluated = await runCli([
      ...['evaluate', '--task', 'humaneval', '--generations', join(whole, 'samples.jsonl')],
      ...[...range, '--exclude-contaminated', report, '--allow-code-execution'],
      ...['--no-db', '--output-dir', scored],
    ]);
    expect(evaluated.code, evaluated.stderr).toBe(0);
    const scoredMetrics = JSON.parse(await readFile(join(scored, 'metrics.json'), 'utf8'));
    expect(scoredMetrics.problems).toBe(4);
    expect(scoredMetrics.config.excluded_contaminated).toEqual(['HumanEval/58']);
  });

  it('refuses a corpus path that does not exist', async () => {
    const result = await runCli([
      'contamination',
      '--task',
      'humaneval',
      '--corpus',
      join(dir, 'none'),
      '--data-dir',
      requireData('humaneval/HumanEval.jsonl.gz'),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no such file or directory');
  });
});
