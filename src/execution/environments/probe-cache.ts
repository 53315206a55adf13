import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defaultCacheDir } from '../cache.js';

/**
 * The installed state a module probe depends on: the interpreter (path, size, mtime) and each
 * site directory's mtime and distribution metadata names (installing, removing or upgrading a
 * package adds or renames a `*.dist-info` / `*.egg-info` entry, which changes both). Missing
 * paths count as such, so creating one changes the fingerprint too.
 */
export function installFingerprint(interpreter: string, sitePaths: readonly string[]): string {
  const hash = createHash('sha256');
  for (const path of [interpreter, ...sitePaths]) {
    hash.update(`${path}\0`);
    try {
      const info = statSync(path);
      hash.update(`${info.size}:${info.mtimeMs}\0`);
      if (info.isDirectory()) {
        const dists = readdirSync(path).filter((n) =>
          /\.(dist-info|egg-info|pth|egg-link)$/.test(n),
        );
        hash.update(dists.sort().join('\n'));
      }
    } catch {
      hash.update('missing\0');
    }
  }
  return hash.digest('hex');
}

/** Where probe results are kept: beside the verdict cache ($PASSK_CACHE_DIR/environments). */
function cacheFile(key: string): string {
  return join(dirname(defaultCacheDir()), 'environments', `${key}.json`);
}

/**
 * A probe result saved by an earlier process for the same key (which includes the install
 * fingerprint), or undefined. Probing imports every module of the task (30 s for BigCodeBench's
 * 63 on a loaded machine): once per installed state, not once per run.
 */
export function readProbe<T>(key: string): T | undefined {
  try {
    return JSON.parse(readFileSync(cacheFile(key), 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Saves a probe result; a cache that cannot be written only costs the next run a probe. */
export function writeProbe(key: string, value: unknown): void {
  const file = cacheFile(key);
  try {
    mkdirSync(dirname(file), { recursive: true });
    const staging = `${file}.${process.pid}.tmp`;
    writeFileSync(staging, JSON.stringify(value));
    renameSync(staging, file);
  } catch {
    // best effort
  }
}
