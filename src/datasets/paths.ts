import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDatasetEnv } from './env.js';

/** The local data directory from the environment (`PASSK_DATA_DIR`), or undefined. `--data-dir` overrides it. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return readDatasetEnv(env).dataDir;
}

/**
 * The data directory tests and benchmarks use: `PASSK_DATA_DIR`, else `../shared/data` beside the
 * repository root. The root is found from this module's location, not the cwd, so it holds when
 * vitest or a bench script runs from any directory (and from `dist/` after a build).
 */
export function sharedDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return defaultDataDir(env) ?? resolve(repoRoot(), '..', 'shared', 'data');
}

/** The Hub cache directory: `PASSK_CACHE_DIR`, else `~/.cache/passk`. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return readDatasetEnv(env).cacheDir ?? join(homedir(), '.cache', 'passk');
}

/** The nearest ancestor of this module holding a package.json: the passk checkout (or install). */
function repoRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return resolve(start, '..', '..');
  }
}
