import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate, loadRun, merge } from '../../src/index.js';
import { runConfigSchema } from '../../src/pipeline/config.js';
import { repoRoot, tempDir } from '../helpers/cli.js';

const BENCH = resolve(repoRoot, 'examples/custom-jsonl/my-bench.jsonl');

/** One shard of the reference run of the 4-problem example benchmark. */
async function shard(index: number, timeFactor: number, outputDir: string) {
  return evaluate({
    task: BENCH,
    dataset: { datasetPath: BENCH },
    candidates: { kind: 'reference' },
    allowCodeExecution: true,
    k: [1],
    timeFactor,
    shard: { index, count: 2 },
    outputDir,
    db: false,
  });
}

describe('the run configuration', () => {
  it('is written whole into run.json, and merge refuses shards with different --time-factor', async () => {
    const root = await tempDir();
    const dirs = [join(root, 's0'), join(root, 's1'), join(root, 's1-other')];
    const first = await shard(0, 3, dirs[0]!);
    await shard(1, 3, dirs[1]!);
    await shard(1, 4, dirs[2]!);
    expect(first.metrics.config).toMatchObject({ time_factor: 3, k: [1] });
    const run = JSON.parse(await readFile(join(dirs[0]!, 'run.json'), 'utf8'));
    expect(runConfigSchema.parse(run.config)).toMatchObject({
      timeFactor: 3,
      shard: '0/2',
      candidates: 'reference',
    });
    // Read back by the one reader, from the files alone or with the prompts reloaded.
    for (const detail of ['scores', 'full'] as const) {
      const record = await loadRun(dirs[0]!, { detail });
      expect(record.runConfig, detail).toEqual(runConfigSchema.parse(run.config));
    }
    await expect(merge({ runs: [dirs[0]!, dirs[2]!], output: join(root, 'bad') })).rejects.toThrow(
      /shards disagree on config\.time_factor: 3 in 0\/2 .*, 4 in 1\/2/,
    );
    const merged = await merge({ runs: [dirs[0]!, dirs[1]!], output: join(root, 'merged') });
    expect(merged).toMatchObject({ shards: 2, problems: 4 });
    expect(merged.metrics.config).toMatchObject({ time_factor: 3 });
  });
});
