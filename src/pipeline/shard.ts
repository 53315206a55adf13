import { ConfigError, GenerationsError } from '../core/errors.js';
import type { Problem, Task } from '../tasks/types.js';
import { type CandidateSource, type Candidates, loadCandidates } from './candidates.js';

/** One slice of a sharded run: shard `index` of `count`, 0-based (0 ≤ index < count). */
export interface Shard {
  index: number;
  count: number;
}

/**
 * Parses `--shard i/N`. The index is 0-based, 0 ≤ i < N, so that Kubernetes Indexed Jobs can
 * pass `$JOB_COMPLETION_INDEX/N` unchanged (it counts from 0, as do array-job indices).
 *
 * @throws ConfigError on anything but two whole numbers with 0 ≤ i < N (and a hint that says
 *   indices are 0-based when i = N, the usual off-by-one)
 */
export function parseShard(text: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) {
    throw new ConfigError(`--shard must look like i/N (e.g. 0/4), got '${text}'`);
  }
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1) throw new ConfigError(`--shard ${text}: N must be at least 1`);
  if (index >= count) {
    throw new ConfigError(`--shard ${text}: the index must be below ${count}`, {
      hint: `shard indices are 0-based: ${count} shards are 0/${count} … ${count - 1}/${count}`,
    });
  }
  return { index, count };
}

/** 'i/N', the form parseShard reads and run metadata records. */
export function formatShard(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}

/** The [start, end) positions of shard i among `total` items (see selectShard). */
export function shardRange(total: number, shard: Shard): { start: number; end: number } {
  return {
    start: Math.floor((shard.index * total) / shard.count),
    end: Math.floor(((shard.index + 1) * total) / shard.count),
  };
}

/**
 * The shard's problems: contiguous blocks in benchmark order, sizes differing by at most one
 * (shard i gets positions ⌊iP/N⌋ … ⌊(i+1)P/N⌋ − 1). Deterministic from (P, i, N) alone.
 * Contiguous rather than round-robin so that concatenating the shards in index order gives the
 * benchmark order back: `passk merge` rebuilds the unsharded files byte for byte without
 * loading the dataset. Apply it after --limit/--limit-start, to the selected problems.
 *
 * @throws ConfigError when the shard would be empty (more shards than problems): an empty
 *   shard has nothing to score and would make its pod fail later with a less clear message
 */
export function selectShard<T>(problems: readonly T[], shard: Shard): T[] {
  const { start, end } = shardRange(problems.length, shard);
  if (start === end) {
    throw new ConfigError(
      `--shard ${formatShard(shard)} selects no problems: only ${problems.length} problems are selected`,
      { hint: `use at most ${problems.length} shards` },
    );
  }
  return problems.slice(start, end);
}

/**
 * Narrows candidates loaded for the whole selection to one shard of it. Candidates are loaded
 * for every selected problem first because a generations file covers them all (bigcode files
 * by position, samples files by id), then cut: which problems a shard holds depends only on
 * the selection, never on which ones the file happens to have samples for.
 *
 * @param selection the selected problems, in benchmark order (what candidates were loaded for)
 * @throws ConfigError when the shard is empty (see selectShard)
 */
export function candidatesInShard(
  candidates: Candidates,
  selection: readonly Problem[],
  shard: Shard,
): Candidates {
  const ids = new Set(selectShard(selection, shard).map((p) => p.id));
  const records = candidates.records.filter((r) => ids.has(r.problemId));
  const counts = new Map<string, number>();
  for (const r of records) counts.set(r.problemId, (counts.get(r.problemId) ?? 0) + 1);
  const values = [...counts.values()];
  return {
    records,
    problems: candidates.problems.filter((p) => ids.has(p.id)),
    missing: candidates.missing.filter((id) => ids.has(id)),
    samplesPerProblem: {
      min: values.length === 0 ? 0 : Math.min(...values),
      max: values.length === 0 ? 0 : Math.max(...values),
    },
  };
}

/**
 * Loads one shard's candidates from a source that covers either the whole selection (one
 * generations file shared by all shards) or only this shard (a file generated with the same
 * --shard). The file is read against the whole selection with missing problems allowed, cut to
 * the shard, and only then is the missing-problem rule applied, to the shard's problems alone.
 *
 * @throws GenerationsError when a problem of the shard has no samples (unless allowMissing),
 *   and as loadCandidates does; ConfigError when the shard is empty
 */
export async function loadShardCandidates(
  task: Task,
  selection: readonly Problem[],
  source: CandidateSource,
  shard: Shard,
  /** How the whole selection's candidates are read (select.ts: through a date window). */
  load = (problems: Problem[], from: CandidateSource) => loadCandidates(task, problems, from),
): Promise<Candidates> {
  const lenient = source.kind === 'file' ? { ...source, allowMissing: true } : source;
  const all = await load([...selection], lenient);
  const mine = candidatesInShard(all, selection, shard);
  const strict = source.kind === 'file' && source.allowMissing !== true;
  if (strict && mine.missing.length > 0) {
    const shown = mine.missing.slice(0, 5).join(', ');
    const more = mine.missing.length > 5 ? ` and ${mine.missing.length - 5} more` : '';
    throw new GenerationsError(
      `${source.path} has no samples for ${mine.missing.length} problems of shard ${formatShard(shard)}: ${shown}${more}`,
      {
        hint: 'generate them (with the same --shard), or pass --allow-missing to score only the problems present',
      },
    );
  }
  if (mine.problems.length === 0) {
    throw new GenerationsError(
      `shard ${formatShard(shard)} has no samples in the generations file`,
    );
  }
  return mine;
}

/**
 * Checks that `items` are exactly shards 0/N … N−1/N, each once (what `passk merge` needs).
 *
 * @param items each shard with a label (e.g. its run directory) for the messages
 * @throws ConfigError naming the odd count, the repeated shard or the missing ones
 */
export function assertCompleteShardSet(items: readonly { shard: Shard; label: string }[]): void {
  const count = items[0]?.shard.count ?? 0;
  const odd = items.find((item) => item.shard.count !== count);
  if (odd) {
    throw new ConfigError(
      `shard counts differ: ${items[0]!.label} is one of ${count}, ${odd.label} one of ${odd.shard.count}`,
    );
  }
  const seen = new Map<number, string>();
  for (const { shard, label } of items) {
    const other = seen.get(shard.index);
    if (other !== undefined) {
      throw new ConfigError(`shard ${formatShard(shard)} is given twice: ${other} and ${label}`);
    }
    seen.set(shard.index, label);
  }
  const missing = Array.from({ length: count }, (_, index) => index).filter((i) => !seen.has(i));
  if (missing.length > 0) {
    const names = missing.map((index) => formatShard({ index, count })).join(', ');
    throw new ConfigError(`missing shards: ${names}`, {
      hint: `a merge needs all ${count} shards`,
    });
  }
}
