import { type MergeResult, mergeRuns } from '../pipeline/merge.js';

export interface MergeOptions {
  /** The shard run directories (all N of them, any order). */
  runs: readonly string[];
  /** The merged run's directory; must not hold a finished run yet. */
  output: string;
  /** The run store to record the merged run in (default: as for any run); false: do not. */
  db?: string | false;
}

export type { MergeResult };

/**
 * `passk merge`: combines the run directories of `--shard i/N` runs into one run, with
 * metrics.json recomputed from the merged results, recorded in the run store like any run
 * (`result.warning` says why when it could not be).
 *
 * @throws ConfigError when shards are missing, repeated, overlap or disagree on their config
 */
export function merge(options: MergeOptions): Promise<MergeResult> {
  return mergeRuns(
    options.runs,
    options.output,
    options.db === undefined ? {} : { db: options.db },
  );
}
