import { existsSync, statSync } from 'node:fs';
import type { DatasetLoadOptions } from '../../datasets/types.js';
import { openRunDb, type RunDb, RunStoreError } from './open.js';
import { defaultDbPath } from './paths.js';
import { findRun, loadRunDetail } from './query.js';
import { recordRun } from './record.js';
import { isRunDir, readRunDir } from './run-dir.js';
import type { RunDetail } from './types.js';

export interface LoadRunOptions {
  /** The store to look in; default defaultDbPath() (beside a run dir given as `ref`). */
  db?: string;
  /** For run dirs that are not in the store: where to find the task's dataset again. */
  dataset?: DatasetLoadOptions;
}

/**
 * Loads a run for `passk show` / `passk report`. `ref` is a run id (or unique prefix, or
 * `latest`) in the store, or a run directory. A run directory that no store knows is read from
 * its files through a throw-away in-memory store, so both paths give the same RunDetail.
 *
 * @throws RunStoreError when nothing matches `ref`
 */
export async function loadRun(ref: string, options: LoadRunOptions = {}): Promise<RunDetail> {
  const isDir = existsSync(ref) && statSync(ref).isDirectory();
  const dbPath = options.db ?? defaultDbPath(isDir ? ref : undefined);
  if (existsSync(dbPath)) {
    const db = openRunDb(dbPath, { readonly: true });
    try {
      const found = findRun(db, ref);
      if (found) return loadRunDetail(db, found.id)!;
    } finally {
      db.close();
    }
  }
  if (isDir && isRunDir(ref)) {
    const input = await readRunDir(ref, options.dataset ?? { offline: true });
    return withMemoryDb((db) => loadRunDetail(db, recordRun(db, input))!);
  }
  throw new RunStoreError(`no run '${ref}' in ${dbPath}`, {
    hint: 'list runs with `passk runs`, pass a run directory, or point --db / PASSK_DB at the store',
  });
}

function withMemoryDb<T>(use: (db: RunDb) => T): T {
  const db = openRunDb(':memory:');
  try {
    return use(db);
  } finally {
    db.close();
  }
}
