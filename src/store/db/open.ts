import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
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
    throw new RunStoreError(`cannot open the run store ${path}: ${(error as Error).message}`, {
      hint: readonly ? 'no runs recorded there yet; pass --db PATH or set PASSK_DB' : '',
      cause: error,
    });
  }
  try {
    db.pragma('foreign_keys = ON');
    if (!readonly) db.pragma('journal_mode = WAL');
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
  db.transaction(() => {
    for (const step of MIGRATIONS.slice(version)) db.exec(step);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
}
