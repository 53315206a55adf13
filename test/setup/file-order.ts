/** The order test/setup/sequencer.ts gives test files, apart from vitest so a test can load it. */

/** The registry's reference-run shards: 1–2 minutes of CPU each. */
const REGISTRY_RUN = /(^|\/)registry-run-[^/]+\.test\.ts$/;

export function isRegistryRun(path: string): boolean {
  return REGISTRY_RUN.test(path);
}

/**
 * After the long files, the projects one after another in this order (others after them): a
 * worker whose project shares workers (isolate: false) takes the next file only if it is of
 * the same project. Security first: its files wait longest for what they run (sandboxed
 * timeouts); the unit project's short files last, to fill the cores at the end.
 */
const PROJECT_ORDER = ['security', 'e2e', 'unit'];

/** A file vitest timed at a minute or more (wall, its results cache) counts as long. */
const LONG_MS = 60_000;

/** What the order of one test file depends on. */
export interface FileCost {
  project: string;
  /** Wall milliseconds of its last run (vitest's results cache), if any. */
  duration: number | undefined;
  /** A registry-run shard: long on a clean clone too. */
  registryRun: boolean;
  /** Bytes of the file, the best guess at its length when it was never timed. */
  size: number;
}

/**
 * The order: first the long files (registry-run shards, the slow project's files, any file
 * timed at a minute or more), longest first, the untimed shards then the untimed slow files
 * before any timed one; then each project's other files, projects in PROJECT_ORDER, within a
 * project timed files longest first, then untimed ones larger first.
 */
export function compareFiles(a: FileCost, b: FileCost): number {
  const group = (c: FileCost) => (isLong(c) ? -1 : projectRank(c.project));
  if (group(a) !== group(b)) return group(a) - group(b);
  if (isLong(a)) {
    const untimed = (c: FileCost) => (c.duration !== undefined ? 2 : c.registryRun ? 0 : 1);
    if (untimed(a) !== untimed(b)) return untimed(a) - untimed(b);
  }
  return byLength(a, b);
}

function isLong(c: FileCost): boolean {
  return c.registryRun || c.project === 'slow' || (c.duration ?? 0) >= LONG_MS;
}

function projectRank(project: string): number {
  const rank = PROJECT_ORDER.indexOf(project);
  return rank === -1 ? PROJECT_ORDER.length : rank;
}

/** Timed longest first, then untimed larger first. */
function byLength(a: FileCost, b: FileCost): number {
  if (a.duration !== undefined && b.duration !== undefined) return b.duration - a.duration;
  if (a.duration !== undefined || b.duration !== undefined)
    return a.duration === undefined ? 1 : -1;
  return b.size - a.size;
}
