import { existsSync } from 'node:fs';
import type { DatasetLoadOptions } from '../datasets/types.js';
import { formatRunSummary } from '../report/run-summary.js';
import { defaultDbPath } from '../store/db/paths.js';
import { loadRun } from '../store/load.js';
import type { RunRecord, RunSummary } from '../store/records.js';

export interface ListRunsOptions {
  /** The run store; default $PASSK_DB, else passk-runs/passk.db. */
  db?: string;
  /** Only runs of this task. */
  task?: string;
  /** At most this many, newest first. Default: all. */
  limit?: number;
}

export interface ListRunsResult {
  /** The store looked in (absolute). */
  db: string;
  /** False when there is no store there yet (then `runs` is empty). */
  exists: boolean;
  /** Newest first. */
  runs: RunSummary[];
}

/** `passk runs`: the runs recorded in the run store, newest first. */
export async function listRuns(options: ListRunsOptions = {}): Promise<ListRunsResult> {
  const path = options.db ?? defaultDbPath();
  if (!existsSync(path)) return { db: path, exists: false, runs: [] };
  // Loaded here, not at start-up: only the store needs the native SQLite addon.
  const { listRuns: query, openRunDb } = await import('../store/db/index.js');
  const db = openRunDb(path, { readonly: true });
  try {
    const { db: _db, ...filter } = options;
    return { db: path, exists: true, runs: query(db, filter) };
  } finally {
    db.close();
  }
}

export interface ShowRunOptions {
  /** A run id, unique id prefix, `latest`, or a run directory. */
  run: string;
  /** The run store; default $PASSK_DB, else passk.db beside a run dir, else passk-runs/passk.db. */
  db?: string;
  /** For a run directory no store knows: where its task's dataset is (prompts are reloaded). */
  dataset?: DatasetLoadOptions;
}

export interface ShowRunResult {
  run: RunRecord;
  /** The summary `passk show` prints. */
  text: string;
}

/**
 * `passk show`: one run with its summary (pass@k with intervals, verdicts, provenance).
 *
 * @throws PasskError when nothing matches `run`
 */
export async function showRun(options: ShowRunOptions): Promise<ShowRunResult> {
  const run = await loadRun(options.run, {
    ...(options.db === undefined ? {} : { db: options.db }),
    ...(options.dataset === undefined ? {} : { dataset: options.dataset }),
  });
  return { run, text: formatRunSummary(run) };
}
