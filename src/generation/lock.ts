import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../core/errors.js';

export const LOCK_FILE = 'generation.lock';

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
 * Claims the run directory for this process, so that two passk processes never append to one
 * journal (which would duplicate samples). A lock left by a process that died (SIGKILL, power
 * loss) is taken over. Returns the release function. Throws ConfigError while the owner lives.
 */
export function lockRunDir(runDir: string): () => void {
  const path = join(runDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new ConfigError(`another passk process (pid ${owner}) is generating into ${runDir}`, {
          hint: `wait for it, or stop it first; if it is gone, remove ${path}`,
        });
      }
      rmSync(path, { force: true }); // stale: its owner is dead
    }
  }
  throw new ConfigError(`could not lock ${runDir}`, { hint: `remove ${path} and try again` });
}
