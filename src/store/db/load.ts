import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasetLoadOptions } from '../../datasets/types.js';
import type { ResultRecord, RunRecord, StoredSample } from '../records.js';
import { readMetricsFile, readRunInfo, readRunResults, runConfigOf } from '../run-files.js';
import { damagedStore, openRunDb, type RunDb, RunStoreError } from './open.js';
import { defaultDbPath } from './paths.js';
import { findRun, loadRunDetail } from './query.js';
import { recordRun } from './record.js';
import { readRunDir } from './run-dir.js';

/**
 * `loadRun` for everything but a run directory's scores: the run in the store that `ref` names
 * (id, prefix, `latest` or the run dir it wrote), else the run directory `dir` read through a
 * throw-away in-memory store, so both paths give the same RunRecord. The verdicts come from
 * results.jsonl when the run dir has one (it keeps per-suite results the store does not).
 */
export async function loadFromStore(
  ref: string,
  dir: string | undefined,
  options: { db?: string; dataset?: DatasetLoadOptions; onWarning?: (message: string) => void },
): Promise<RunRecord> {
  const dbPath = options.db ?? defaultDbPath(dir);
  if (existsSync(dbPath)) {
    try {
      // A path (a run dir, or its metrics.json) is looked up as the directory it names.
      const found = await fromStore(dbPath, dir ?? ref);
      if (found) return found;
    } catch (error) {
      const damaged = damagedStore(dbPath, error);
      if (damaged === undefined) throw error;
      // A broken store costs a warning when the run's own folder can answer instead.
      if (dir === undefined) throw damaged;
      (options.onWarning ?? warnOnStderr)(damaged.message);
    }
  }
  if (dir !== undefined) {
    await readMetricsFile(dir); // a user-facing reason when it is not a finished run
    const input = await readRunDir(dir, options.dataset ?? { offline: true });
    return withResults(withMemoryDb((db) => loadRunDetail(db, recordRun(db, input))!));
  }
  throw new RunStoreError(`no run '${ref}' in ${dbPath}`, {
    hint: 'list runs with `passk runs`, pass a run directory, or point --db / PASSK_DB at the store',
  });
}

type StoredRun = Omit<RunRecord, 'results' | 'runConfig'>;

/** The verdicts and config from the run dir when it is still there, else from the store. */
async function withResults(run: StoredRun): Promise<RunRecord> {
  const dir = run.summary.runDir;
  const file = dir === null ? undefined : join(dir, 'results.jsonl');
  const results =
    dir !== null && file !== undefined && existsSync(file)
      ? await readRunResults(dir, run.metrics)
      : run.samples.flatMap((s) => resultOf(s));
  const runConfig = dir === null ? null : runConfigOf(await readRunInfo(dir));
  return { ...run, results, runConfig };
}

/** A stored sample's verdict as a results.jsonl line (none for a sample never executed). */
function resultOf(sample: StoredSample): ResultRecord[] {
  const v = sample.verdict;
  if (v === undefined) return [];
  return [
    {
      task_id: sample.problemId,
      sample: sample.sample,
      program_hash: v.programHash,
      status: v.status,
      ...(v.errorType === undefined ? {} : { error_type: v.errorType }),
      ...(v.message === undefined ? {} : { message: v.message }),
      duration_ms: v.durationMs,
      ...(v.cpuMs === undefined ? {} : { cpu_ms: v.cpuMs }),
      ...(v.tamper === undefined ? {} : { tamper: v.tamper }),
    },
  ];
}

function withMemoryDb<T>(use: (db: RunDb) => T): T {
  const db = openRunDb(':memory:');
  try {
    return use(db);
  } finally {
    db.close();
  }
}

async function fromStore(dbPath: string, ref: string): Promise<RunRecord | undefined> {
  const db = openRunDb(dbPath, { readonly: true });
  try {
    const found = findRun(db, ref);
    return found ? await withResults(loadRunDetail(db, found.id)!) : undefined;
  } finally {
    db.close();
  }
}

function warnOnStderr(message: string): void {
  process.stderr.write(`passk: warning: ${message}\n`);
}
