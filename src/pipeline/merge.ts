import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError } from '../core/errors.js';
import type { LoadedDataset } from '../datasets/types.js';
import { replaceFile, writeFileDurably } from '../store/formats/durable-write.js';
import { writeResults } from '../store/formats/index.js';
import { loadRun, scoresOf } from '../store/load.js';
import { buildMetrics, type MetricsFile } from '../store/metrics-file.js';
import { checkRunStore } from '../store/output-paths.js';
import type { ResultRecord } from '../store/records.js';
import { readRunInfo } from '../store/run-files.js';
import { claimRunDir } from '../store/run-lock.js';
import { mergeDateMetrics } from '../tasks/kit/date-window.js';
import { resolveTask } from '../tasks/kit/resolve.js';
import type { Problem } from '../tasks/types.js';
import { recordMergedRun } from './merge-record.js';
import { assertCompleteShardSet, formatShard, parseShard, type Shard } from './shard.js';

export interface MergeResult {
  dir: string;
  shards: number;
  problems: number;
  samples: number;
  metrics: MetricsFile;
  /** The merged files, and `db`, the run store it was recorded in. */
  files: Record<string, string>;
  /** The merged run's id in the run store; absent with `db: false` or when recording failed. */
  runId?: string;
  /** Why the merged run is not in the run store (the files are complete all the same). */
  warning?: string;
}

export interface MergeRunsOptions {
  /** The run store to record the merged run in (default: as for any run); false: do not. */
  db?: string | false;
}

/** One shard's run: its directory (merge concatenates its files), scores and shard. */
interface ShardRun {
  dir: string;
  task: string;
  metrics: MetricsFile;
  results: ResultRecord[];
  shard: Shard;
}

/** Fields every shard must agree on, beyond `config` (compared key by key, `shard` excepted). */
const SAME: readonly (readonly string[])[] = [
  ['passk_version'],
  ['dataset', 'sha256'],
  ['dataset', 'hub'],
  ['execution', 'sandbox'],
  ['execution', 'isolation'],
  // Present when the shards generated their own samples (`passk run --model …`): the same
  // model, sampling settings, seed and n, or the samples are not one run's.
  ['generation', 'fingerprint'],
  ['generation', 'nSamples'],
  // The interpreter programs ran on and the packages they could see (Python tasks).
  ['environment'],
];
/** Execution fields that describe the machine, not a counter to add up. */
const EXECUTOR_FIELDS = new Set(['sandbox', 'isolation', 'workers']);

/**
 * Combines the run directories of shards 0/N … N−1/N (from `--shard`) into one run in `outDir`:
 * results.jsonl, generations.json and samples.jsonl are the shards' concatenated in shard
 * order (which is benchmark order, see selectShard), and metrics.json is recomputed by
 * buildMetrics from the merged results. Execution counters are summed; `workers` is the largest.
 *
 * @throws ConfigError when a directory is not a shard run, a shard is missing or given twice,
 *   two shards share a problem, the shards disagree on config / passk version / dataset /
 *   sandbox, or `outDir` already holds a finished run
 */
export async function mergeRuns(
  refs: readonly string[],
  outDir: string,
  options: MergeRunsOptions = {},
): Promise<MergeResult> {
  if (refs.length === 0)
    throw new ConfigError('passk merge needs at least one shard run directory');
  const runs: ShardRun[] = [];
  const runInfos = new Map<ShardRun, Record<string, unknown>>();
  for (const ref of refs) {
    const record = await loadRun(ref, { detail: 'scores' });
    const dir = record.summary.runDir;
    if (dir === null) throw notShard(record.summary.id);
    const info = await readRunInfo(dir);
    const shard = shardOf(dir, info);
    const { task } = record.summary;
    const shardRun = { dir, task, metrics: scoresOf(record), results: record.results, shard };
    runs.push(shardRun);
    runInfos.set(shardRun, info);
  }
  assertCompleteShardSet(runs.map((run) => ({ shard: run.shard, label: run.dir })));
  runs.sort((x, y) => x.shard.index - y.shard.index);
  checkSameConfig(runs);
  checkDisjoint(runs);
  const dir = resolve(outDir);
  if (await exists(join(dir, 'metrics.json'))) {
    throw new ConfigError(`${dir} already holds a finished run (metrics.json)`, {
      hint: 'merge into a new directory',
    });
  }
  // As for a run: a store that cannot be written is refused before any work.
  if (options.db !== false) await checkRunStore(options.db, dir);
  // Locked before anything is written (a second merge or run into it is refused with this
  // pid); a file, or a folder that cannot be written: one line now.
  const release = await claimRunDir(dir, { overwrite: true });
  try {
    const merged = await writeMerged(dir, runs, runInfos);
    if (options.db === false) return merged.result;
    const recorded = await recordMergedRun(dir, runs[0]!.dir, merged.execution, options.db);
    if ('warning' in recorded) return { ...merged.result, warning: recorded.warning };
    const files = { ...merged.result.files, db: recorded.db };
    return { ...merged.result, files, runId: recorded.runId };
  } finally {
    release();
  }
}

/** metrics.json and the shards' files combined into `dir` (claimed), metrics.json last. */
async function writeMerged(
  dir: string,
  runs: readonly ShardRun[],
  runInfos: ReadonlyMap<ShardRun, Record<string, unknown>>,
): Promise<{ result: MergeResult; execution: Record<string, unknown> }> {
  const first = runs[0]!.metrics;
  const task = await resolveTask(runs[0]!.task);
  const ids = runs.flatMap((run) => run.metrics.per_problem.map((p) => p.task_id));
  // buildMetrics reads only the problems' ids and order; the texts stay in the shards' files.
  const problems = ids.map(
    (id): Problem => ({
      id,
      language: task.language,
      prompt: '',
      datasetPrompt: '',
      tests: '',
      meta: {},
    }),
  );
  const results = runs.flatMap((run) => run.results);
  const { shard: _shard, task: _task, ...config } = first.config;
  const dataset = first.dataset;
  const metrics = buildMetrics({
    task,
    ks: ksOf(config['k'], runs[0]!.dir),
    results,
    problems,
    missing: runs.flatMap((run) => run.metrics.missing_problems),
    dataset: {
      rows: [],
      file: dataset.file,
      sha256: dataset.sha256,
      source: dataset.source as LoadedDataset['source'],
      ...(dataset.revision === null ? {} : { revision: dataset.revision }),
    },
    executor: first.execution,
    config,
    provenance: {
      ...(first['environment'] === undefined ? {} : { environment: first['environment'] }),
      ...(first['reference_differences'] === undefined
        ? {}
        : { reference_differences: first['reference_differences'] }),
    },
  });
  Object.assign(metrics, mergeDateMetrics(runs.map((run) => run.metrics)));
  const files = {
    results: join(dir, 'results.jsonl'),
    generations: join(dir, 'generations.json'),
    samples: join(dir, 'samples.jsonl'),
    metrics: join(dir, 'metrics.json'),
  };
  await writeResults(files.results, results);
  const lists: unknown[] = [];
  for (const run of runs) lists.push(...(await shardGenerations(run)));
  await writeFileDurably(files.generations, JSON.stringify(lists));
  const samples = await Promise.all(runs.map((run) => readFile(join(run.dir, 'samples.jsonl'))));
  await writeFileDurably(files.samples, Buffer.concat(samples));
  const run = { shards: runs.length, execution: sumCounters(runInfos) };
  await writeFileDurably(join(dir, 'run.json'), `${JSON.stringify(run, null, 2)}\n`);
  // Same bytes as run-dir.ts writes, last and atomically: its presence means the merge finished.
  await replaceFile(files.metrics, `${JSON.stringify(metrics, null, 2)}\n`);
  const result = {
    dir,
    shards: runs.length,
    problems: metrics.problems,
    samples: metrics.samples,
    metrics,
    files,
  };
  return { result, execution: run.execution };
}

/** The shard a run was made with, from its run.json. */
function shardOf(dir: string, info: Record<string, unknown>): Shard {
  const value = info['shard'];
  if (typeof value !== 'string') throw notShard(dir);
  return parseShard(value);
}

function notShard(name: string): ConfigError {
  return new ConfigError(`${name} was not run with --shard: nothing says which shard it is`, {
    hint: 'merge combines the outputs of `--shard i/N` runs',
  });
}

function checkSameConfig(runs: readonly ShardRun[]): void {
  const base = runs[0]!;
  const at = (run: ShardRun, path: readonly string[]) =>
    path.reduce<unknown>(
      (value, key) => (value as Record<string, unknown> | undefined)?.[key],
      run.metrics,
    );
  for (const run of runs.slice(1)) {
    const keys = new Set([...Object.keys(base.metrics.config), ...Object.keys(run.metrics.config)]);
    keys.delete('shard');
    const paths = [...[...keys].map((key) => ['config', key]), ...SAME];
    for (const path of paths) {
      const [x, y] = [JSON.stringify(at(base, path)), JSON.stringify(at(run, path))];
      if (x !== y) {
        throw new ConfigError(
          `shards disagree on ${path.join('.')}: ${x} in ${formatShard(base.shard)} (${base.dir}), ${y} in ${formatShard(run.shard)} (${run.dir})`,
          {
            hint: 'every shard must be run with the same passk version, task, dataset and flags (apart from --shard)',
          },
        );
      }
    }
  }
}

function checkDisjoint(runs: readonly ShardRun[]): void {
  const owner = new Map<string, ShardRun>();
  for (const run of runs) {
    for (const id of [
      ...run.metrics.per_problem.map((p) => p.task_id),
      ...run.metrics.missing_problems,
    ]) {
      const other = owner.get(id);
      if (other)
        throw new ConfigError(
          `shards ${formatShard(other.shard)} and ${formatShard(run.shard)} overlap: both have ${id}`,
        );
      owner.set(id, run);
    }
  }
}

/** The shards' executor counters added up (sandbox and isolation are checked equal already). */
function sumCounters(
  infos: ReadonlyMap<ShardRun, Record<string, unknown>>,
): Record<string, unknown> {
  const sums: Record<string, unknown> = {};
  for (const info of infos.values()) {
    const execution = (info['execution'] ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(execution)) {
      if (key === 'workers' && typeof value === 'number') {
        sums[key] = Math.max(value, (sums[key] as number | undefined) ?? 0);
        continue;
      }
      if (!EXECUTOR_FIELDS.has(key) && typeof value === 'number')
        sums[key] = ((sums[key] as number | undefined) ?? 0) + value;
      else if (EXECUTOR_FIELDS.has(key)) sums[key] = value;
    }
  }
  return sums;
}

/** A shard's generations.json, which must have one list per scored problem. */
async function shardGenerations(run: ShardRun): Promise<unknown[]> {
  const file = join(run.dir, 'generations.json');
  let lists: unknown;
  try {
    lists = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(`cannot read ${file} (${why})`, {
      hint: 'every shard run writes generations.json beside metrics.json: copy the whole run directory',
      cause: error,
    });
  }
  if (!Array.isArray(lists) || lists.length !== run.metrics.per_problem.length) {
    throw new ConfigError(
      `${run.dir}/generations.json does not match its metrics.json (one list per problem)`,
    );
  }
  return lists;
}

function ksOf(value: unknown, dir: string): number[] {
  if (Array.isArray(value) && value.every((k) => Number.isSafeInteger(k) && k >= 1)) return value;
  throw new ConfigError(`${dir}/metrics.json has no config.k list: not written by this passk`);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
