import { RunNotFoundError } from '../core/errors.js';
import type { DatasetLoadOptions } from '../datasets/types.js';
import type { MetricsFile } from './metrics-file.js';
import type { RunRecord } from './records.js';
import { isPathLike, readRunScores, runDirOf, runNotFound } from './run-files.js';

export interface LoadRunOptions {
  /** The run store to look in; default defaultDbPath() (beside a run dir given as `ref`). */
  db?: string;
  /** For run dirs that are not in the store: where to find the task's dataset again. */
  dataset?: DatasetLoadOptions;
  /**
   * 'full' (default): everything, prompts and programs included (`passk show`, `passk report`).
   * 'scores': a run directory is read from its files alone (metrics.json, results.jsonl,
   * run.json) with no dataset and no store, so `problems` and `samples` are empty (`passk
   * compare`, `passk merge`). A run id is always read from the store.
   */
  detail?: 'full' | 'scores';
}

/**
 * The one reader of finished runs. `ref` is a run directory (or its metrics.json), or a run id,
 * unique id prefix or `latest` in the run store. A run directory the store does not know is
 * read from its files (for 'full', with the prompts reloaded from the dataset).
 *
 * @throws RunNotFoundError (PASSK_RUN) for a path that is not a finished run; RunStoreError when no
 *   run in the store matches an id, or an id prefix is ambiguous
 */
export async function loadRun(ref: string, options: LoadRunOptions = {}): Promise<RunRecord> {
  const dir = await runDirOf(ref);
  if (dir === undefined && isPathLike(ref)) throw runNotFound(ref);
  if (dir !== undefined && options.detail === 'scores') return readRunScores(dir);
  // Loaded here, not at start-up: only the store needs the native SQLite addon.
  const { loadFromStore } = await import('./db/load.js');
  return loadFromStore(ref, dir, options);
}

/**
 * A run's metrics.json, for readers that need scores.
 *
 * @throws RunNotFoundError (PASSK_RUN) for a run that has none (generation-only)
 */
export function scoresOf(run: RunRecord): MetricsFile {
  if (run.metrics !== null) return run.metrics;
  const name = run.summary.runDir ?? run.summary.id;
  throw new RunNotFoundError(`run ${name} has no scores (it was generation-only)`, {
    hint: `evaluate it first: passk evaluate --generations ${name} --allow-code-execution`,
  });
}
