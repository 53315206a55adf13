import { mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { RunStoreError } from '../../core/errors.js';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.js';

/** An open run store (a better-sqlite3 connection). Close it with `db.close()`. */
export type RunDb = Database.Database;

export { RunStoreError };

export interface OpenOptions {
  /** Open read-only and never create: for `passk runs` / `show`, which must not make files. */
  readonly?: boolean;
}

/**
 * Opens (creating it and its folder unless `readonly`) the SQLite run store at `path`, or an
 * in-memory one for ':memory:', and brings its schema up to date.
 *
 * WAL mode with a busy timeout lets shards of one run, or runs side by side, record into the
 * same file: writers queue for up to 10 s instead of failing with SQLITE_BUSY.
 *
 * @throws RunStoreError when the file is missing (readonly), not a database, or newer than us
 */
export function openRunDb(path: string, options: OpenOptions = {}): RunDb {
  const readonly = options.readonly === true;
  if (!readonly && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  let db: RunDb;
  try {
    db = new Database(path, { readonly, fileMustExist: readonly, timeout: 10_000 });
  } catch (error) {
    // SQLite says "disk I/O error" for a folder; the user gave a folder where a file goes
    const folder = path !== ':memory:' && statSync(path, { throwIfNoEntry: false })?.isDirectory();
    if (folder) {
      throw new RunStoreError(`the run store ${path} is a folder, not a file`, {
        hint: `pass --db ${join(path, 'passk.db')} (or set PASSK_DB to a file)`,
        cause: error,
      });
    }
    throw new RunStoreError(`cannot open the run store ${path}: ${(error as Error).message}`, {
      hint: readonly ? 'no runs recorded there yet; pass --db PATH or set PASSK_DB' : '',
      cause: error,
    });
  }
  try {
    db.pragma('foreign_keys = ON');
    if (!readonly) withBusyRetry(() => db.pragma('journal_mode = WAL'));
    migrate(db, path, readonly);
  } catch (error) {
    db.close();
    if (error instanceof RunStoreError) throw error;
    throw new RunStoreError(
      `${path} is not a usable passk run store: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  return db;
}

/**
 * A RunStoreError (one line) for SQLite's "the file is damaged" errors, which only show when a
 * query reaches a broken page; undefined for any other error.
 */
export function damagedStore(path: string, error: unknown): RunStoreError | undefined {
  if (error instanceof RunStoreError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^SQLITE_(CORRUPT|NOTADB|IOERR)/.test(code)) return undefined;
  return new RunStoreError(
    `the run store ${path} is damaged (${(error as Error).message}); move it aside or pass another --db`,
    { cause: error },
  );
}

function migrate(db: RunDb, path: string, readonly: boolean): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) {
    throw new RunStoreError(`${path} was written by a newer passk (schema ${version})`, {
      hint: 'upgrade passk, or record into another file with --db',
    });
  }
  if (version === SCHEMA_VERSION) return;
  if (readonly) {
    throw new RunStoreError(`${path} needs a schema upgrade (${version} → ${SCHEMA_VERSION})`, {
      hint: 'record one run with this passk version to upgrade it',
    });
  }
  // Several passk processes may open a fresh store at once (shards, runs side by side): the
  // migration takes the write lock first (IMMEDIATE), reads the version again under it, and
  // its statements are idempotent, so the second process finds the work done.
  withBusyRetry(() =>
    db
      .transaction(() => {
        const current = db.pragma('user_version', { simple: true }) as number;
        if (current >= SCHEMA_VERSION) return;
        for (const step of MIGRATIONS.slice(current)) db.exec(step);
        db.pragma(`user_version = ${SCHEMA_VERSION}`);
      })
      .immediate(),
  );
}

/**
 * Retries `work` while SQLite reports the store busy: switching to WAL and taking the write
 * lock can fail at once with SQLITE_BUSY (no busy handler is called there) while another
 * process creates the store.
 */
function withBusyRetry<T>(work: () => T, deadlineMs = 10_000): T {
  const end = Date.now() + deadlineMs;
  for (;;) {
    try {
      return work();
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (!code.startsWith('SQLITE_BUSY') && code !== 'SQLITE_LOCKED') throw error;
      if (Date.now() > end) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}
