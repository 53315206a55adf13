import { createHash, randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../core/errors.js';
import { checkOutputDir, makeRunDir } from './output-paths.js';

/** The lock file in a run directory while a passk process writes to it. */
export const LOCK_FILE = 'run.lock';

/** Locks this process holds, by absolute run dir: taking one again only counts (re-entrant). */
const held = new Map<string, { count: number; release: () => void }>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the run directory for this process, before anything is written to it, so that two
 * passk processes never write one run: generation (one journal, duplicated samples) and scoring
 * (results, metrics.json, run-config.json, the run store's row) alike. The folder is created
 * if needed. A lock left by a process that died (SIGKILL, power loss) is taken over; a live
 * owner refuses the run with its pid, `--overwrite` or not (two writers would interleave their
 * files whatever the flag says). Re-entrant within one process: `run` holds it across its
 * generation and its scoring. Returns the release function, which also removes a folder this
 * call created when nothing else was written to it (a run refused at once leaves nothing).
 *
 * @throws ConfigError while another live process holds the lock, or when the folder cannot be made
 */
export function lockRunDir(runDir: string): () => void {
  const key = resolve(runDir);
  const mine = held.get(key);
  if (mine) {
    mine.count++;
    return once(() => releaseHeld(key));
  }
  const created = makeRunDir(runDir);
  const path = join(runDir, LOCK_FILE);
  let removeFile: () => void;
  try {
    removeFile = takeLockFile(path, runDir);
  } catch (error) {
    removeIfEmpty(created);
    throw error;
  }
  const release = () => {
    removeFile();
    removeIfEmpty(created);
  };
  held.set(key, { count: 1, release });
  return once(() => releaseHeld(key));
}

/**
 * The output directory checked (writable; a finished run only with `overwrite`) and locked,
 * before anything is written to it. Checked again once locked: a run that finished while this
 * one waited to start is not replaced by accident. Returns the release function.
 */
export async function claimRunDir(
  dir: string,
  options: { overwrite?: boolean } = {},
): Promise<() => void> {
  await checkOutputDir(dir, options);
  const release = lockRunDir(dir);
  try {
    await checkOutputDir(dir, options);
  } catch (error) {
    release();
    throw error;
  }
  return release;
}

function releaseHeld(key: string): void {
  const mine = held.get(key);
  if (!mine) return;
  mine.count--;
  if (mine.count > 0) return;
  held.delete(key);
  mine.release();
}

/**
 * Creates the lock file holding this process's pid and a nonce, or takes over a stale one. The
 * file is written whole under a temporary name and then linked into place (link fails when the
 * name exists): a reader never sees a half-written lock, so never mistakes a live one for stale.
 */
function takeLockFile(path: string, runDir: string): () => void {
  const content = `${process.pid}\n${randomBytes(8).toString('hex')}\n`;
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, content, { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      if (tryLink(temp, path)) return releaseIfMine(path, content);
      const seen = readLock(path);
      if (seen === undefined) continue; // released meanwhile: try again
      const owner = Number.parseInt(seen, 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new ConfigError(`another passk process (pid ${owner}) is writing to ${runDir}`, {
          hint: `wait for it to finish, stop it (kill ${owner}), or name another --output-dir; if that process is not passk, remove ${path}`,
        });
      }
      const taken = takeOverStale(path, seen, temp);
      if (taken === true) return releaseIfMine(path, content);
      if (taken === 'busy') pause(20); // another process is between two calls of its takeover
    }
  } finally {
    rmSync(temp, { force: true });
  }
  throw new ConfigError(`could not lock ${runDir}`, {
    hint: `remove ${path} and ${path}.takeover-* and try again`,
  });
}

/**
 * Replaces a stale lock (its owner is dead) whose content was `seen`, atomically against other
 * processes taking over the same lock at once: only the one that creates the takeover file
 * named after that content (the nonce makes it unique to that lock) may replace it, and it
 * does so only while the lock still holds `seen` (a lock with a dead owner changes only through
 * its takeover file), by a rename over it. Without this two processes could each remove the
 * stale lock, the second removing the first's new one, and both would write the run.
 *
 * @returns true when this process now holds the lock; false to look again; 'busy' when another
 *   process holds the takeover file
 */
function takeOverStale(path: string, seen: string, temp: string): boolean | 'busy' {
  const claim = `${path}.takeover-${createHash('sha256').update(seen).digest('hex').slice(0, 16)}`;
  if (!tryLink(temp, claim)) return 'busy';
  try {
    if (readLock(path) !== seen) return false;
    // a second name for our content, renamed over the stale lock (rename replaces atomically)
    const next = `${temp}.next`;
    linkSync(temp, next);
    renameSync(next, path);
    return true;
  } finally {
    rmSync(claim, { force: true });
  }
}

/** Blocks this thread for `ms` (the lock is taken synchronously, before any work). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Creates `to` as a second name of `from`; false when `to` exists. */
function tryLink(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readLock(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Removes the lock when it is still this process's (never another's that took it over). */
function releaseIfMine(path: string, content: string): () => void {
  return () => {
    if (readLock(path) === content) rmSync(path, { force: true });
  };
}

/** Removes the folders made for the run, innermost first, while they are empty. */
function removeIfEmpty(created: readonly string[]): void {
  for (const dir of [...created].reverse()) {
    try {
      rmdirSync(dir);
    } catch {
      return; // not empty: the run wrote something, which stays
    }
  }
}

function once(release: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release();
  };
}
