import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/cli.js';
import { dataPath } from '../../test/helpers/data.js';
import { listRuns } from '../api/runs.js';
import {
  type Outcome,
  type SyntheticRun,
  writeSyntheticRun,
} from '../compare/synthetic-run.test-helpers.js';
import { loadRun } from '../store/load.js';
import { LOCK_FILE } from '../store/run-lock.js';
import { mergeRuns } from './merge.js';
import { selectShard } from './shard.js';

const ids = Array.from({ length: 10 }, (_, i) => `HumanEval/${i}`);
const outcomes = (i: number): Outcome[] => [
  i % 3 === 0 ? 'passed' : ['failed', 'AssertionError'],
  i % 2 === 0 ? 'passed' : ['error', 'NameError'],
];
const all = Object.fromEntries(ids.map((id, i) => [id, outcomes(i)]));

/** Writes shards i/count of the 10 problems; `tweak` changes one shard's run. */
async function shards(
  count: number,
  tweak: (index: number, run: SyntheticRun) => SyntheticRun = (_, r) => r,
) {
  const dirs: string[] = [];
  for (let index = 0; index < count; index++) {
    const dir = await tempDir();
    const mine = selectShard(ids, { index, count });
    const run = {
      outcomes: Object.fromEntries(mine.map((id) => [id, all[id]!])),
      shard: `${index}/${count}`,
    };
    await writeSyntheticRun(dir, tweak(index, run));
    dirs.push(dir);
  }
  return dirs;
}

const read = (dir: string, file: string) => readFile(join(dir, file), 'utf8');

describe('mergeRuns', () => {
  it('rebuilds the unsharded run byte for byte from 4 shards given in any order', async () => {
    const whole = await tempDir();
    await writeSyntheticRun(whole, { outcomes: all });
    const dirs = await shards(4);
    const out = join(await tempDir(), 'merged');
    const merged = await mergeRuns([dirs[2]!, dirs[0]!, dirs[3]!, dirs[1]!], out);
    expect(merged).toMatchObject({ shards: 4, problems: 10, samples: 20 });
    for (const file of ['metrics.json', 'generations.json', 'samples.jsonl', 'results.jsonl']) {
      expect(await read(out, file), file).toBe(await read(whole, file));
    }
  });

  it('refuses missing, repeated and foreign shards', async () => {
    const dirs = await shards(4);
    const out = join(await tempDir(), 'm');
    await expect(mergeRuns(dirs.slice(0, 3), out)).rejects.toThrow('missing shards: 3/4');
    await expect(mergeRuns([...dirs, dirs[1]!], out)).rejects.toThrow(/shard 1\/4 is given twice/);
    const [three] = await shards(3);
    await expect(mergeRuns([...dirs, three!], out)).rejects.toThrow(/shard counts differ/);
    const plain = await tempDir();
    await writeSyntheticRun(plain, { outcomes: all });
    await expect(mergeRuns([plain], out)).rejects.toThrow(/was not run with --shard/);
  });

  it.each([
    [
      'config.timeout_ms',
      (run: SyntheticRun) => ({ ...run, config: { ...run.config, timeout_ms: 9000 } }),
    ],
    ['config.k', (run: SyntheticRun) => ({ ...run, ks: [1, 2] })],
    ['dataset.sha256', (run: SyntheticRun) => ({ ...run, datasetSha256: 'other' })],
    ['config.task', (run: SyntheticRun) => ({ ...run, task: 'humaneval-unstripped' })],
    [
      'generation.fingerprint',
      (run: SyntheticRun) => ({
        ...run,
        provenance: { generation: { fingerprint: { temperature: 0.8 } } },
      }),
    ],
  ])('refuses shards that disagree on %s', async (field, change) => {
    const dirs = await shards(2, (index, run) => (index === 1 ? change(run) : run));
    await expect(mergeRuns(dirs, join(await tempDir(), 'm'))).rejects.toThrow(
      `shards disagree on ${field}`,
    );
  });

  it('refuses overlapping shards and an output that already holds a run', async () => {
    const dirs = await shards(2, (index, run) =>
      index === 1
        ? { ...run, outcomes: { ...run.outcomes, 'HumanEval/0': all['HumanEval/0']! } }
        : run,
    );
    await expect(mergeRuns(dirs, join(await tempDir(), 'm'))).rejects.toThrow(
      /overlap: both have HumanEval\/0/,
    );
    const good = await shards(2);
    await expect(mergeRuns(good, good[0]!)).rejects.toThrow(/already holds a finished run/);
  });

  it('refuses an output another process is writing, writes nothing there, and unlocks its own', async () => {
    const dirs = await shards(2);
    const out = join(await tempDir(), 'merged');
    await mkdir(out);
    // a live process that is not this one: vitest's own parent
    await writeFile(join(out, LOCK_FILE), `${process.ppid}\n`);
    await expect(mergeRuns(dirs, out)).rejects.toThrow(
      `another passk process (pid ${process.ppid}) is writing to ${out}`,
    );
    expect(await readdir(out)).toEqual([LOCK_FILE]);
    await rm(join(out, LOCK_FILE));
    await mergeRuns(dirs, out);
    expect((await readdir(out)).sort()).toEqual(
      ['generations.json', 'metrics.json', 'results.jsonl', 'run.json', 'samples.jsonl'].sort(),
    );
  });

  it('records the merged run in a real SQLite run store, where runs and show latest find it (issue 29)', async () => {
    // the prompts are read from the shards' dataset file, as `show RUN_DIR` reads them
    const datasetFile = dataPath('humaneval/HumanEval.jsonl.gz');
    const dirs = await shards(2, (_, run) => ({ ...run, datasetFile }));
    const root = await tempDir();
    const out = join(root, 'merged');
    const merged = await mergeRuns(dirs, out);
    expect(merged.warning).toBeUndefined();
    const db = join(root, 'passk.db'); // beside the merged run, as for any run
    expect(merged.files['db']).toBe(db);
    const listed = await listRuns({ db });
    expect(listed.runs.map((r) => [r.id, r.runDir, r.task, r.problems, r.samples])).toEqual([
      [merged.runId, out, 'humaneval', 10, 20],
    ]);
    const latest = await loadRun('latest', { db });
    expect(latest.summary.id).toBe(merged.runId);
    expect(latest.problems.map((p) => p.id)).toEqual(ids);
    expect(latest.results).toHaveLength(20);
    // db: false (`--no-db`) records nothing
    const elsewhere = await tempDir();
    const unrecorded = await mergeRuns(dirs, join(elsewhere, 'merged'), { db: false });
    expect(unrecorded.runId).toBeUndefined();
    expect(await readdir(elsewhere)).toEqual(['merged']);
  });
});
