import { constants, mkdirSync, statSync } from 'node:fs';
import { access, mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ConfigError } from '../core/errors.js';
import { DB_FILE, runStorePath } from './db/paths.js';

/**
 * Checks an output directory before any slow work, so that a finished run is never replaced by
 * accident and a folder that cannot be written fails in a second, not after every program ran.
 * Nothing is created here: a run refused later leaves no empty folder behind.
 */
export async function checkOutputDir(
  dir: string,
  options: { overwrite?: boolean } = {},
): Promise<void> {
  if (options.overwrite !== true && (await finishedRun(dir))) {
    throw new ConfigError(
      `${dir} already holds a finished run (metrics.json): pass --overwrite to replace it, or name a new --output-dir`,
    );
  }
  await checkWritable(dir);
}

/**
 * Creates the folder an output file goes in (report -o, compare --json, contamination -o), and
 * checks the file is not a folder (`-o /tmp` would fail with EISDIR after the work).
 */
export async function ensureParentDir(file: string): Promise<void> {
  if ((await stat(file).catch(() => undefined))?.isDirectory()) {
    throw new ConfigError(`cannot write to ${file}: it is a folder, not a file`, {
      hint: `name a file in it, e.g. ${join(file, 'NAME')}`,
    });
  }
  const parent = dirname(resolve(file));
  try {
    await mkdir(parent, { recursive: true });
  } catch (error) {
    throw unwritable(file, error);
  }
  await checkWritable(parent);
}

/**
 * The run store a run in `runDir` is recorded in (runStorePath), checked before any work: its
 * folder (or nearest existing ancestor) must be a writable folder and the file, when it exists,
 * a writable file. Otherwise the failure came only after all the work, as a warning.
 *
 * @returns the store's absolute path
 * @throws ConfigError naming the store file
 */
export async function checkRunStore(db: string | undefined, runDir?: string): Promise<string> {
  const path = runStorePath(db, runDir);
  await checkWritable(dirname(path)).catch((error: unknown) => {
    throw new ConfigError(`cannot write the run store ${path}: ${(error as Error).message}`, {
      hint: 'name another --db file, or pass --no-db to not record the run',
    });
  });
  const info = await stat(path).catch(() => undefined);
  if (info?.isDirectory()) {
    throw new ConfigError(`the run store ${path} is a folder, not a file`, {
      hint: `pass --db ${join(path, DB_FILE)} (or set PASSK_DB to a file)`,
    });
  }
  if (info)
    await access(path, constants.W_OK).catch((error: unknown) => {
      throw unwritable(path, error);
    });
  return path;
}

/** The folder, or its nearest existing ancestor (it will be created there), is writable. */
async function checkWritable(dir: string): Promise<void> {
  let current = resolve(dir);
  for (;;) {
    try {
      const info = await stat(current);
      if (!info.isDirectory()) {
        throw new ConfigError(`cannot write to ${dir}: ${current} is not a folder`);
      }
      await access(current, constants.W_OK);
      return;
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && dirname(current) !== current) {
        current = dirname(current);
        continue;
      }
      throw unwritable(dir, error);
    }
  }
}

/**
 * Creates a run folder one level at a time and returns the folders it made, outermost first.
 * Not `mkdir -p`: Node's recursive mkdir loops forever where the file system refuses new
 * folders with ENOENT (`/proc/x`), and a run there must be refused before any work.
 *
 * @throws ConfigError naming the path when a folder cannot be made
 */
export function makeRunDir(dir: string): string[] {
  const missing: string[] = [];
  for (let current = resolve(dir); !isDirectory(current); current = dirname(current)) {
    if (dirname(current) === current) break;
    missing.unshift(current);
  }
  const created: string[] = [];
  for (const folder of missing) {
    try {
      mkdirSync(folder);
      created.push(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && isDirectory(folder)) continue;
      throw unwritable(dir, error);
    }
  }
  return created;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function unwritable(path: string, error: unknown): ConfigError {
  const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
  const why =
    code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
      ? 'permission denied or read-only'
      : code === 'ENOTDIR' || code === 'EEXIST'
        ? 'a part of the path is a file, not a folder'
        : code === 'ENOENT'
          ? 'this file system does not allow new folders there'
          : (error as Error).message;
  return new ConfigError(`cannot write to ${path}: ${why} (${code})`);
}

/** metrics.json without `partial` (a run stopped by Ctrl-C is there to be redone). */
export async function finishedRun(dir: string): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(join(dir, 'metrics.json'), 'utf8');
  } catch {
    return false;
  }
  try {
    return (JSON.parse(text) as { partial?: unknown }).partial === undefined;
  } catch {
    return true; // unreadable: not ours to replace silently
  }
}
