import { randomBytes } from 'node:crypto';
import { type Dirent, utimesSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/**
 * House-keeping of the artifact cache's toolchain folders (what passk builds once on the host:
 * cpp-support/ wrapper and precompiled headers, java-support/ class-data archives, rust-crates/,
 * go-build/, typescript-support/), which artifact_cache.py's size-capped eviction exempts. Two
 * things leaked:
 * - staging folders of builds that were killed (`X.staging-abc123`, `X.<pid>-<hex>.tmp`,
 *   `.tmp-…`) are never renamed into place nor removed;
 * - a folder built for a toolchain version (or a precompiled header for an include block) that
 *   is no longer used stays for ever.
 * Nothing here is ever needed for a verdict: whatever is removed is rebuilt on the next use.
 * Host builds name their staging and work folders with their pid (stagingPrefix, workDirPrefix),
 * so every start removes those a dead process left, not only the hourly clean-up.
 */

/** A staging folder older than this belongs to no live build (the longest build times out in 10 min). */
export const STALE_STAGING_MS = 60 * 60 * 1000;
/** A staging folder whose owner pid is gone is removed once this old. */
const DEAD_OWNER_MS = 5 * 60 * 1000;
/** A toolchain folder (or PCH) not used for this long, and not its family's newest, is removed. */
export const UNUSED_MS = 3 * 24 * 60 * 60 * 1000;

export interface CleanupOptions {
  now?: number;
  /** Only staging and work folders whose owner pid is gone (what every start removes). */
  deadOwnersOnly?: boolean;
  staleStagingMs?: number;
  unusedMs?: number;
  /** Whether a process id is running (tests pass their own). */
  isAlive?: (pid: number) => boolean;
}

/** Folders keyed by a hash of the toolchain version (and flags): one per version ever used. */
const KEYED_FAMILIES = ['cpp-support', 'java-support', 'rust-crates', 'typescript-support'];
/** Layouts of earlier passk versions at the top of an engine folder, read by nothing now. */
const RETIRED = /^(go-build-seed|rust-crates-[0-9a-f]{16})$/;
/**
 * `mkdtemp(X.staging-<pid>-)` (older passk: no pid), rust-crates' `X.<pid>-<hex>.tmp`,
 * artifact_cache.py's `.tmp-…` (in the sandbox's pid namespace: no pid worth naming).
 */
const STAGING = [/\.staging-(?:\d+-)?[A-Za-z0-9]{6}$/, /\.(\d+)-[0-9a-f]{8}\.tmp$/, /^\.tmp-/];
/** The pid a staging or work folder's name gives its owner. */
const OWNER = [
  /\.staging-(\d+)-[A-Za-z0-9]{6}$/,
  /\.(\d+)-[0-9a-f]{8}\.tmp$/,
  /^passk-[a-z-]+-(\d+)-/,
];
/** Work folders of killed host builds in the temp folder (go.ts, rust-crates.ts). */
const WORK_DIR = /^passk-(go-seed|rust-crates)-(?:\d+-)?[A-Za-z0-9]{6}$/;
/** Engine folders: artifacts/<ENGINE_VERSION>. */
const ENGINE_DIR = /^exec-\d+$/;
/** artifact_cache.py's shards: two characters, holding compiled programs, not toolchains. */
const SHARD = /^[0-9a-zA-Z]{2}$/;

/** mkdtemp prefix of a host build's staging folder for `target`: the pid names its owner. */
export function stagingPrefix(target: string): string {
  return `${target}.staging-${process.pid}-`;
}

/** mkdtemp prefix of a host build's work folder in the temp folder (`kind`: go-seed, rust-crates). */
export function workDirPrefix(kind: 'go-seed' | 'rust-crates'): string {
  return join(tmpdir(), `passk-${kind}-${process.pid}-`);
}

/**
 * A toolchain folder was used now: eviction keeps what was used within UNUSED_MS. Builders call
 * it when they find their folder already built (a fresh build has a fresh mtime anyway).
 */
export function markUsed(path: string): void {
  const now = new Date();
  try {
    utimesSync(path, now, now);
  } catch {
    // gone meanwhile or not ours: it is then rebuilt or left alone
  }
}

const cleaned = new Set<string>();
/** Marks the last clean-up of an artifacts folder: one an hour is plenty, however many runs. */
const STAMP = '.cleaned';
const CLEAN_EVERY_MS = 60 * 60 * 1000;

/**
 * cleanArtifacts at most once per process and folder, and once an hour per folder (a stamp file
 * beside the engine folders); in between, each start removes only the staging and work folders of
 * dead builds (a look at the toolchain folders, not the shards). Never fails the run (it only
 * tidies up).
 */
export async function cleanArtifactsOnce(artifactsDir: string, engine: string): Promise<void> {
  if (cleaned.has(artifactsDir)) return;
  cleaned.add(artifactsDir);
  const stamp = join(artifactsDir, STAMP);
  const last = await stat(stamp).then(
    (info) => info.mtimeMs,
    () => 0,
  );
  if (Date.now() - last < CLEAN_EVERY_MS) {
    const options = { deadOwnersOnly: true };
    await removeStaleStaging(join(artifactsDir, engine), options).catch(() => []);
    await removeStaleWorkDirs(tmpdir(), options).catch(() => []);
    return;
  }
  try {
    await mkdir(artifactsDir, { recursive: true });
    await writeFile(stamp, '');
    await cleanArtifacts(artifactsDir, engine);
  } catch {
    // a folder passk cannot tidy is still usable: the run goes on
  }
}

/**
 * Removes from `artifactsDir` (which holds one folder per engine version): stale staging folders
 * in the current engine's toolchain folders and shards, toolchain folders and precompiled
 * headers unused for `unusedMs` (each family keeps its newest), retired layouts, and the folders
 * of other engine versions unused as long; and stale work folders of host builds in the temp
 * folder. Returns what it removed.
 */
export async function cleanArtifacts(
  artifactsDir: string,
  engine: string,
  options: CleanupOptions = {},
): Promise<string[]> {
  const root = join(artifactsDir, engine);
  return [
    ...(await removeStaleStaging(root, options)),
    ...(await evictUnusedToolchains(root, options)),
    ...(await evictOtherEngines(artifactsDir, engine, options)),
    ...(await removeStaleWorkDirs(tmpdir(), options)),
  ];
}

/**
 * Staging folders under `root` (two levels down: shards, families and their key folders) whose
 * owner process is dead (when the name says which) or that are older than `staleStagingMs`.
 */
export async function removeStaleStaging(
  root: string,
  options: CleanupOptions = {},
  depth = 0,
): Promise<string[]> {
  const removed: string[] = [];
  for (const entry of await dirs(root)) {
    const path = join(root, entry.name);
    if (isStaging(entry.name)) {
      if (await stagingIsStale(path, entry.name, options)) removed.push(...(await remove(path)));
    } else if (depth === 0 && SHARD.test(entry.name)) {
      // a shard's entries are compiled programs: only its own temporaries are looked at (they
      // name no owner, so not by the pass for dead owners)
      if (!options.deadOwnersOnly) removed.push(...(await stagingIn(path, options)));
    } else if (depth < 2) {
      removed.push(...(await removeStaleStaging(path, options, depth + 1)));
    }
  }
  return removed;
}

/** The `.tmp-…` folders and files artifact_cache.py left in one shard. */
async function stagingIn(shard: string, options: CleanupOptions): Promise<string[]> {
  const removed: string[] = [];
  const names = await readdir(shard).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(shard, name);
    if (isStaging(name) && (await stagingIsStale(path, name, options))) {
      removed.push(...(await remove(path)));
    }
  }
  return removed;
}

/**
 * In each keyed family, folders unused for `unusedMs` other than the family's most recently used
 * one; in each cpp-support folder, precompiled headers unused as long (so new ones have room);
 * retired layouts unused as long.
 */
export async function evictUnusedToolchains(
  root: string,
  options: CleanupOptions = {},
): Promise<string[]> {
  const removed: string[] = [];
  const old = olderThan(options.unusedMs ?? UNUSED_MS, options.now);
  for (const family of KEYED_FAMILIES) {
    const keys = await usedTimes(join(root, family));
    const newest = Math.max(...keys.map(([, used]) => used));
    for (const [path, used] of keys) {
      if (used !== newest && old(used)) removed.push(...(await remove(path, true)));
    }
  }
  for (const [key] of await usedTimes(join(root, 'cpp-support'))) {
    const pchs = (await usedTimes(key)).filter(([path]) => /\/pch-[^/]+$/.test(path));
    for (const [path, used] of pchs) if (old(used)) removed.push(...(await remove(path, true)));
  }
  for (const entry of await dirs(root)) {
    const path = join(root, entry.name);
    if (RETIRED.test(entry.name) && old(await lastUsed(path))) {
      removed.push(...(await remove(path, true)));
    }
  }
  return removed;
}

/** How many precompiled headers one toolchain keeps, and how many bytes they may hold. */
export interface HeaderBound {
  count: number;
  bytes: number;
}

/**
 * The size bound of one cpp-support folder's precompiled headers (`pch-*`): least recently used
 * first, removes those not named in `keep` (the running run's) until at most `bound.count` of
 * them hold at most `bound.bytes`. Returns what it removed.
 */
export async function evictOldestHeaders(
  dir: string,
  keep: ReadonlySet<string>,
  bound: HeaderBound,
): Promise<string[]> {
  const headers: { path: string; used: number; bytes: number }[] = [];
  for (const [path, used] of await usedTimes(dir)) {
    if (/\/pch-[^/]+$/.test(path)) headers.push({ path, used, bytes: await filesBytes(path) });
  }
  headers.sort((a, b) => a.used - b.used);
  let count = headers.length;
  let bytes = headers.reduce((total, header) => total + header.bytes, 0);
  const removed: string[] = [];
  for (const header of headers) {
    if (count <= bound.count && bytes <= bound.bytes) break;
    if (keep.has(basename(header.path))) continue;
    const gone = await remove(header.path, true);
    if (gone.length === 0) continue;
    removed.push(...gone);
    count--;
    bytes -= header.bytes;
  }
  return removed;
}

/** Bytes of the files directly in `dir` (a precompiled header's folder: h.h and h.h.gch). */
async function filesBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (entry.isFile())
      total += await stat(join(dir, entry.name)).then(
        (info) => info.size,
        () => 0,
      );
  }
  return total;
}

/** artifacts/exec-N folders of other engine versions, unused for `unusedMs`. */
export async function evictOtherEngines(
  artifactsDir: string,
  engine: string,
  options: CleanupOptions = {},
): Promise<string[]> {
  const removed: string[] = [];
  const old = olderThan(options.unusedMs ?? UNUSED_MS, options.now);
  for (const entry of await dirs(artifactsDir)) {
    if (entry.name === engine || !ENGINE_DIR.test(entry.name)) continue;
    const path = join(artifactsDir, entry.name);
    if (old(await lastUsed(path, 2))) removed.push(...(await remove(path)));
  }
  return removed;
}

/**
 * passk's host-build work folders in `dir` (the temp folder) of dead owners, or older than
 * `staleStagingMs`.
 */
export async function removeStaleWorkDirs(
  dir: string,
  options: CleanupOptions = {},
): Promise<string[]> {
  const removed: string[] = [];
  for (const entry of await dirs(dir)) {
    const path = join(dir, entry.name);
    if (WORK_DIR.test(entry.name) && (await stagingIsStale(path, entry.name, options))) {
      removed.push(...(await remove(path)));
    }
  }
  return removed;
}

function isStaging(name: string): boolean {
  return STAGING.some((pattern) => pattern.test(name));
}

/**
 * Old, or named by a process that is gone and a few minutes old (a pid says nothing about a
 * build on another machine sharing the cache; its copy step takes seconds, not minutes).
 */
async function stagingIsStale(path: string, name: string, options: CleanupOptions) {
  const pid = OWNER.map((pattern) => pattern.exec(name)?.[1]).find((found) => found !== undefined);
  const dead = pid !== undefined && !(options.isAlive ?? isAlive)(Number(pid));
  if (!dead && options.deadOwnersOnly) return false;
  const modified = await lastUsed(path, 0);
  if (dead) return olderThan(DEAD_OWNER_MS, options.now)(modified);
  return olderThan(options.staleStagingMs ?? STALE_STAGING_MS, options.now)(modified);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // someone else's, but running
  }
}

function olderThan(ms: number, now = Date.now()): (time: number) => boolean {
  return (time) => now - time > ms;
}

/** The sub-folders of `dir` (none when it does not exist). */
async function dirs(dir: string): Promise<Dirent[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory());
}

/** [folder, last use] of each non-staging sub-folder of `dir`. */
async function usedTimes(dir: string): Promise<[string, number][]> {
  const found: [string, number][] = [];
  for (const entry of await dirs(dir)) {
    if (isStaging(entry.name)) continue;
    const path = join(dir, entry.name);
    found.push([path, await lastUsed(path)]);
  }
  return found;
}

/**
 * The newest mtime of `path` and what lies `depth` levels below it: markUsed touches the folder a
 * builder found (a key folder, or the wrapper / PCH inside one), a build creates fresh entries.
 */
async function lastUsed(path: string, depth = 1): Promise<number> {
  let newest = await stat(path).then(
    (info) => info.mtimeMs,
    () => 0,
  );
  if (depth === 0) return newest;
  const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const child = join(path, entry.name);
    const time = entry.isDirectory()
      ? await lastUsed(child, depth - 1)
      : await stat(child).then(
          (info) => info.mtimeMs,
          () => 0,
        );
    newest = Math.max(newest, time);
  }
  return newest;
}

/**
 * Removes a folder; returns [path], or [] when it could not (gone meanwhile: another run's
 * clean-up). `renameFirst` for folders a running build or compile may read: renamed to a
 * `.tmp-evict-…` name first, so no reader ever sees half of one (it finds none and rebuilds it),
 * and a removal that is killed leaves a staging-named folder the next clean-up removes.
 */
async function remove(path: string, renameFirst = false): Promise<string[]> {
  try {
    let doomed = path;
    if (renameFirst) {
      doomed = join(path, '..', `.tmp-evict-${randomBytes(4).toString('hex')}`);
      await rename(path, doomed);
    }
    await rm(doomed, { recursive: true, force: true });
    return [path];
  } catch {
    return [];
  }
}
