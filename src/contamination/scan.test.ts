import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/cli.js';
import { requireTaskData } from '../../test/helpers/data.js';
import { loadDataset } from '../datasets/index.js';
import { humaneval } from '../tasks/humaneval/task.js';
import type { Problem } from '../tasks/types.js';
import { excludeProblems } from './report.js';
import { scanCorpora } from './scan.js';
import { writeSyntheticCorpus } from './synthetic-corpus.js';

let problems: Problem[];
beforeAll(async () => {
  const loaded = await loadDataset(humaneval.dataset, {
    dataDir: requireTaskData(humaneval),
    offline: true,
  });
  problems = humaneval.problems(loaded.rows, loaded.file);
});

describe('scanCorpora', () => {
  it('finds a planted prompt in a text corpus, with its exact place, and nothing else', async () => {
    const dir = await tempDir();
    const target = problems[42]!;
    const file = join(dir, 'corpus.txt');
    const { plantedAt } = await writeSyntheticCorpus(file, {
      bytes: 300_000,
      plant: { text: target.datasetPrompt, at: 0.5 },
    });
    const result = await scanCorpora(problems, [file]);
    expect(result.flagged).toEqual([target.id]);
    const hit = result.problems.find((p) => p.task_id === target.id)!;
    expect(hit.prompt_ratio).toBe(1);
    const lead = target.datasetPrompt.length - target.datasetPrompt.trimStart().length;
    const leadLines = target.datasetPrompt.slice(0, lead).split('\n').length - 1;
    expect(hit.best).toMatchObject({
      file,
      offset: plantedAt!.offset + lead,
      line: plantedAt!.line + leadLines,
    });
    expect(result.bytes).toBe((await stat(file)).size);
    const others = result.problems.filter((p) => p.task_id !== target.id);
    expect(Math.max(...others.map((p) => p.ratio))).toBeLessThan(0.2);
  });

  it('reports no hits at all on a clean corpus', async () => {
    const file = join(await tempDir(), 'clean.txt');
    await writeSyntheticCorpus(file, { bytes: 300_000, seed: 9 });
    const result = await scanCorpora(problems, [file]);
    expect(result.flagged).toEqual([]);
    expect(result.problems.every((p) => p.found === 0 && p.best === null)).toBe(true);
  });

  it('reads JSONL string fields (gzipped too), so escaped newlines do not hide a copy', async () => {
    const dir = await tempDir();
    const target = problems[7]!;
    const rows = [
      { id: 1, meta: { text: 'nothing to see' } },
      { id: 2, files: [{ path: 'a.py', content: target.reference }] },
    ];
    const jsonl = `${rows.map((r) => JSON.stringify(r)).join('\n')}\nnot json\n`;
    await writeFile(join(dir, 'shard.jsonl.gz'), gzipSync(jsonl));
    const result = await scanCorpora(problems, [dir], { threshold: 0.9 });
    expect(result.flagged).toEqual([target.id]);
    const hit = result.problems.find((p) => p.task_id === target.id)!;
    expect([hit.ratio, hit.solution_ratio]).toEqual([1, 1]);
    expect(hit.best).toMatchObject({ line: 2, field: 'files[0].content' });
    expect(result.corpora[0]).toMatchObject({ format: 'jsonl', badLines: 1 });
  });

  it('locates a prompt planted in a generated JSONL corpus by record line and field offset', async () => {
    const target = problems[120]!;
    const file = join(await tempDir(), 'corpus.jsonl');
    const { plantedAt } = await writeSyntheticCorpus(file, {
      bytes: 2_500_000,
      format: 'jsonl',
      plant: { text: target.datasetPrompt, at: 0.6 },
    });
    const result = await scanCorpora(problems, [file]);
    expect(result.flagged).toEqual([target.id]);
    const lead = target.datasetPrompt.length - target.datasetPrompt.trimStart().length;
    const best = result.problems.find((p) => p.task_id === target.id)!.best;
    expect(best).toMatchObject({
      line: plantedAt!.line,
      field: 'text',
      offset: plantedAt!.offset + lead,
    });
    expect(result.corpora[0]!.badLines).toBe(0);
  });

  it('lets flagged problems be excluded from a score, on the same dataset only', () => {
    const report = {
      task: 'humaneval',
      dataset: { sha256: 'abc' },
      ngram: 13,
      threshold: 0.5,
      flagged: ['B'],
    };
    const selection = [{ id: 'A' }, { id: 'B' }, { id: 'C' }];
    expect(excludeProblems(selection, report, 'abc')).toEqual({
      kept: [{ id: 'A' }, { id: 'C' }],
      excluded: ['B'],
    });
    expect(() => excludeProblems(selection, report, 'other')).toThrow(/another dataset file/);
  });
});
