import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from '../../test/helpers/cli.js';
import { startFakeOpenAIServer } from '../../test/helpers/fake-openai-server.js';
import { type Outcome, writeSyntheticRun } from '../compare/synthetic-run.test-helpers.js';
import {
  compare,
  contamination,
  listRuns,
  listTasks,
  merge,
  report,
  resolveSampling,
  runModel,
  showRun,
} from '../index.js';
import { syntheticRun } from '../store/db/__fixtures__/synthetic-run.js';
import { saveRun } from '../store/db/save.js';
import { writeRunOutputs } from '../store/run-dir.js';

// Each command's library function, called directly through the package entry point.

const BENCH = resolve(repoRoot, 'examples/custom-jsonl/my-bench.jsonl');
const fail: Outcome = ['failed', 'AssertionError'];

describe('library commands', () => {
  it('compare: B against A from two run directories', async () => {
    const [a, b] = [await tempDir(), await tempDir()];
    await writeSyntheticRun(a, { outcomes: { 'HumanEval/0': [fail], 'HumanEval/1': ['passed'] } });
    await writeSyntheticRun(b, { outcomes: { 'HumanEval/0': ['passed'], 'HumanEval/1': [fail] } });
    const c = await compare({ a, b, resamples: 200 });
    expect(c).toMatchObject({ compared: 2, improved: ['HumanEval/0'], regressed: ['HumanEval/1'] });
    expect(c.a.dir).toBe(a);
  });

  it('merge: two shards into one run', async () => {
    const dirs = [await tempDir(), await tempDir()];
    await writeSyntheticRun(dirs[0]!, { outcomes: { 'HumanEval/0': ['passed'] }, shard: '0/2' });
    await writeSyntheticRun(dirs[1]!, { outcomes: { 'HumanEval/1': [fail] }, shard: '1/2' });
    const output = join(await tempDir(), 'merged');
    const merged = await merge({ runs: dirs, output });
    expect(merged).toMatchObject({ shards: 2, problems: 2, samples: 2 });
    expect(JSON.parse(await readFile(join(output, 'metrics.json'), 'utf8'))).toMatchObject({
      humaneval: { 'pass@1': 0.5 },
    });
  });

  it('listRuns, showRun and report: runs recorded in a store', async () => {
    const root = await tempDir();
    const db = join(root, 'runs.db');
    expect(await listRuns({ db })).toEqual({ db, exists: false, runs: [] });
    const ids: string[] = [];
    for (const name of ['a', 'b']) {
      const runDir = join(root, name);
      const run = syntheticRun({ n: 2, ks: [1] });
      await writeRunOutputs(runDir, run);
      ids.push((await saveRun({ ...run, runDir, db, model: { name } })).runId);
    }
    const listed = await listRuns({ db });
    expect(listed.runs.map((r) => r.id).sort()).toEqual([...ids].sort());
    const shown = await showRun({ run: ids[0]!, db });
    expect(shown.run.summary.id).toBe(ids[0]);
    expect(shown.run.samples).toHaveLength(8);
    expect(shown.text).toMatch(/pass@1 = /);
    // A run directory, or its metrics.json, finds the run the store recorded for it.
    for (const ref of [join(root, 'a'), join(root, 'a', 'metrics.json')]) {
      expect((await showRun({ run: ref, db })).run.summary.id, ref).toBe(ids[0]);
    }
    const output = join(root, 'report.html');
    const page = await report({ runs: ids, db, output, title: 'two runs' });
    expect(page.file).toBe(output);
    expect(await readFile(output, 'utf8')).toBe(page.html);
    expect(page.html).toContain('id="comparison"');
    expect(page.samples).toBe(16);
  });

  it('contamination: flags the problem whose prompt and solution are in the corpus', async () => {
    const [first] = (await readFile(BENCH, 'utf8')).split('\n');
    const row = JSON.parse(first!) as {
      task_id: string;
      prompt: string;
      canonical_solution: string;
    };
    const corpus = join(await tempDir(), 'corpus.txt');
    await writeFile(corpus, `unrelated text\n${row.prompt}${row.canonical_solution}\nmore text\n`);
    const output = join(await tempDir(), 'contamination.json');
    const { report: found } = await contamination({
      task: BENCH,
      corpus: [corpus],
      ngram: 8,
      output,
      dataset: { datasetPath: BENCH },
    });
    expect(found.flagged).toEqual([row.task_id]);
    expect(existsSync(output)).toBe(true);
  });

  it('listTasks: the registered tasks and a benchmark file of ones own', async () => {
    const listed = await listTasks({ files: [BENCH] });
    expect(listed.map((t) => t.name)).toContain('humaneval');
    expect(listed.at(-1)).toMatchObject({ language: 'python', problems: 4 });
  });

  it('runModel: generates from an OpenAI-compatible server (generation only)', async () => {
    const server = await startFakeOpenAIServer();
    try {
      const runDir = join(await tempDir(), 'run');
      const result = await runModel({
        task: BENCH,
        dataset: { datasetPath: BENCH },
        allowCodeExecution: false,
        generationOnly: true,
        backend: 'openai-compatible',
        backendOptions: { baseUrls: [server.baseUrl], model: 'fake' },
        sampling: resolveSampling('greedy'),
        runDir,
      });
      expect(result.evaluation).toBeUndefined();
      expect(result.generation.metadata.totals.samples).toBe(4);
      expect(server.requests.length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
