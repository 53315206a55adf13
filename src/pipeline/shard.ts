import { ConfigError } from '../core/errors.js';

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
