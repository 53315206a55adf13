import { readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
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

function takeLockFile(path: string, runDir: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new ConfigError(`another passk process (pid ${owner}) is writing to ${runDir}`, {
          hint: `wait for it to finish, stop it (kill ${owner}), or name another --output-dir; if that process is not passk, remove ${path}`,
        });
      }
      rmSync(path, { force: true }); // stale: its owner is dead
    }
  }
  throw new ConfigError(`could not lock ${runDir}`, { hint: `remove ${path} and try again` });
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
