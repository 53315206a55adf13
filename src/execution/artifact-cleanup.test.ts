/**
 * Clean-up of the artifact cache's toolchain folders (artifact-cleanup.ts): killed builds'
 * staging folders, folders of toolchain versions no longer used, stale precompiled headers, and
 * the folders of other engine versions. Real folders with real modification times.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cleanArtifacts,
  evictOtherEngines,
  evictUnusedToolchains,
  markUsed,
  removeStaleStaging,
  removeStaleWorkDirs,
} from './artifact-cleanup.js';
import { ENGINE_VERSION } from './cache.js';
import { createExecutor } from './index.js';
import { buildInto } from './languages/kit/toolchain-support.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const now = Date.now();

let base: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'passk-cleanup-'));
});
afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

/**
 * Creates the folders, then dates each as given (`age` ms before now) and each folder above them
 * as its newest descendant, deepest first (dating a child after its parent would reset it).
 */
function tree(root: string, ages: Record<string, number>): void {
  const dated = new Map<string, number>();
  for (const [path, age] of Object.entries(ages)) {
    mkdirSync(join(root, path), { recursive: true });
    const parts = path.split('/');
    for (let n = 1; n <= parts.length; n++) {
      const prefix = parts.slice(0, n).join('/');
      const own = n === parts.length ? age : Math.min(age, ages[prefix] ?? age);
      dated.set(prefix, Math.min(dated.get(prefix) ?? own, own));
    }
  }
  const deepestFirst = [...dated].sort((a, b) => b[0].split('/').length - a[0].split('/').length);
  for (const [path, age] of deepestFirst) {
    const time = new Date(now - age);
    utimesSync(join(root, path), time, time);
  }
}

const left = (root: string, paths: string[]) =>
  paths.filter((path) => existsSync(join(root, path)));

describe('stale staging folders', () => {
  it('removes those of dead builds (old, or whose owner pid is gone), never a live one', async () => {
    const root = join(base, 'exec-3');
    tree(root, {
      'go-build/seed': 0,
      'go-build/seed.staging-aB3dE9': 2 * 60 * MINUTE, // killed seeding
      'go-build/seed.staging-Zz9Yy8': MINUTE, // seeding now
      'rust-crates/rust-crates-0123456789abcdef.4242-deadbeef.tmp': 10 * MINUTE, // owner gone
      'rust-crates/rust-crates-0123456789abcdef.4444-deadbeef.tmp': MINUTE, // just now: another host's?
      'rust-crates/rust-crates-0123456789abcdef.4343-cafebabe.tmp': 10 * MINUTE, // owner running
      'cpp-support/k1/wrapper': 0,
      'cpp-support/k1/pch-x.staging-Qw3rTy': 3 * 60 * MINUTE,
      'java-support/j1.staging-Abc123': 2 * 60 * MINUTE,
      'ab/.tmp-kq81zz': 2 * 60 * MINUTE, // artifact_cache.py's, of a killed worker
      'ab/0123abcd': 5 * DAY, // a cached program: the size cap's business, not this
      'go-build/.tmp-seed': 2 * 60 * MINUTE, // an earlier layout's staging
    });
    const removed = await removeStaleStaging(root, { now, isAlive: (pid) => pid === 4343 });
    expect(removed.map((path) => path.slice(root.length + 1)).sort()).toEqual([
      'ab/.tmp-kq81zz',
      'cpp-support/k1/pch-x.staging-Qw3rTy',
      'go-build/.tmp-seed',
      'go-build/seed.staging-aB3dE9',
      'java-support/j1.staging-Abc123',
      'rust-crates/rust-crates-0123456789abcdef.4242-deadbeef.tmp',
    ]);
    const kept = ['go-build/seed', 'go-build/seed.staging-Zz9Yy8', 'cpp-support/k1/wrapper'];
    kept.push('rust-crates/rust-crates-0123456789abcdef.4343-cafebabe.tmp', 'ab/0123abcd');
    kept.push('rust-crates/rust-crates-0123456789abcdef.4444-deadbeef.tmp');
    expect(left(root, kept)).toEqual(kept);
  });

  it('removes stale work folders of host builds from the temp folder', async () => {
    tree(base, { 'passk-go-seed-aB3dE9': 2 * 60 * MINUTE, 'passk-rust-crates-Zz9Yy8': MINUTE });
    tree(base, { 'passk-other-aB3dE9': 2 * 60 * MINUTE });
    expect(await removeStaleWorkDirs(base, { now })).toEqual([join(base, 'passk-go-seed-aB3dE9')]);
  });

  it('is what createExecutor does first with its artifact cache', async () => {
    const artifacts = join(base, 'artifacts');
    const staging = `exec/go-build/seed.staging-aB3dE9`.replace('exec', ENGINE_VERSION);
    tree(artifacts, { [staging]: 2 * 60 * MINUTE, [`${ENGINE_VERSION}/go-build/seed`]: 0 });
    const executor = await createExecutor({
      allowCodeExecution: true,
      workers: 1,
      cacheDir: false,
      artifactsDir: artifacts,
    });
    await executor.close();
    expect(existsSync(join(artifacts, staging))).toBe(false);
    expect(existsSync(join(artifacts, ENGINE_VERSION, 'go-build/seed'))).toBe(true);
    // once an hour per folder: a stamp beside the engine folders says when
    expect(statSync(join(artifacts, '.cleaned')).mtimeMs).toBeGreaterThan(now - MINUTE);
  });
});

describe('staging folders of dead builds, at every start', () => {
  /** A pid no process has now: a child that has exited. */
  const deadPid = () => spawnSync('/bin/true').pid!;

  it('a host build names its staging folder with its pid', async () => {
    const target = join(base, 'java-support', 'j1');
    const argv = ['/bin/sh', '-c', 'basename "$1" > "$1/name"', 'sh', '{dir}'];
    expect(await buildInto(target, {}, argv)).toBe(true);
    expect(readFileSync(join(target, 'name'), 'utf8')).toMatch(
      new RegExp(`^j1\\.staging-${process.pid}-[A-Za-z0-9]{6}\n$`),
    );
  });

  it('createExecutor removes those whose owner is gone, though the hourly clean-up just ran', async () => {
    const artifacts = join(base, 'artifacts');
    const dead = deadPid();
    const seed = `${ENGINE_VERSION}/go-build/seed`;
    tree(artifacts, {
      [`${seed}.staging-${dead}-aB3dE9`]: 10 * MINUTE, // a seeding killed 10 minutes ago
      [`${seed}.staging-${process.pid}-Qw3rTy`]: 10 * MINUTE, // this process's: alive
      [`${seed}.staging-Zz9Yy8`]: 10 * MINUTE, // no owner named: the hourly clean-up's
      [`${ENGINE_VERSION}/cpp-support/k1/pch-x.staging-${dead}-Abc123`]: 10 * MINUTE,
    });
    writeFileSync(join(artifacts, '.cleaned'), ''); // cleaned a moment ago
    const work = mkdtempSync(join(tmpdir(), `passk-go-seed-${dead}-`));
    const old = new Date(now - 10 * MINUTE);
    utimesSync(work, old, old);
    const executor = await createExecutor({
      allowCodeExecution: true,
      workers: 1,
      cacheDir: false,
      artifactsDir: artifacts,
    });
    await executor.close();
    const workLeft = existsSync(work);
    rmSync(work, { recursive: true, force: true });
    expect(workLeft).toBe(false);
    expect(
      left(artifacts, [
        `${seed}.staging-${dead}-aB3dE9`,
        `${seed}.staging-${process.pid}-Qw3rTy`,
        `${seed}.staging-Zz9Yy8`,
        `${ENGINE_VERSION}/cpp-support/k1/pch-x.staging-${dead}-Abc123`,
      ]),
    ).toEqual([`${seed}.staging-${process.pid}-Qw3rTy`, `${seed}.staging-Zz9Yy8`]);
  });

  it('removes a dead owner’s work folder from the temp folder', async () => {
    const dead = deadPid();
    tree(base, { [`passk-rust-crates-${dead}-aB3dE9`]: 10 * MINUTE });
    tree(base, { [`passk-rust-crates-${process.pid}-aB3dE9`]: 10 * MINUTE });
    expect(await removeStaleWorkDirs(base, { now, deadOwnersOnly: true })).toEqual([
      join(base, `passk-rust-crates-${dead}-aB3dE9`),
    ]);
  });
});

describe('unused toolchain folders', () => {
  it('keeps each family’s newest and what was used lately; removes old keys, PCHs, layouts', async () => {
    const root = join(base, 'exec-3');
    tree(root, {
      'cpp-support/k1/wrapper': 0, // this toolchain's, used now
      'cpp-support/k1/pch-used': 0,
      'cpp-support/k1/pch-stale': 5 * DAY, // an include block no run has used for days
      'cpp-support/k0/wrapper': 5 * DAY, // an earlier g++
      'cpp-support/k2/wrapper': DAY, // another version in use lately (another checkout)
      'java-support/j0': 30 * DAY, // the only one: kept however old
      'rust-crates/rust-crates-1111111111111111': 9 * DAY,
      'rust-crates/rust-crates-2222222222222222': 4 * DAY,
      'go-build-seed': 5 * DAY, // earlier layouts
      'rust-crates-08d20f6fec44164c': 5 * DAY,
      'go-build/seed': 30 * DAY, // not keyed by version: left alone
    });
    const removed = await evictUnusedToolchains(root, { now });
    expect(removed.map((path) => path.slice(root.length + 1)).sort()).toEqual([
      'cpp-support/k0',
      'cpp-support/k1/pch-stale',
      'go-build-seed',
      'rust-crates-08d20f6fec44164c',
      'rust-crates/rust-crates-1111111111111111',
    ]);
    const kept = ['cpp-support/k1/pch-used', 'cpp-support/k2', 'java-support/j0'];
    kept.push('rust-crates/rust-crates-2222222222222222', 'go-build/seed');
    expect(left(root, kept)).toEqual(kept);
  });

  it('keeps a folder a builder marked used', async () => {
    const root = join(base, 'exec-3');
    tree(root, { 'java-support/old': 9 * DAY, 'java-support/new': 0 });
    markUsed(join(root, 'java-support/old'));
    expect(statSync(join(root, 'java-support/old')).mtimeMs).toBeGreaterThan(now - MINUTE);
    expect(await evictUnusedToolchains(root, { now })).toEqual([]);
  });

  it('removes other engine versions unused for days, whole', async () => {
    tree(base, {
      'exec-1/ab/0123': 10 * DAY,
      'exec-1/go-build-seed': 10 * DAY,
      'exec-2/cd/4567': DAY, // still used by an older passk lately
      'exec-3/ef/89ab': 10 * DAY, // the current engine's: the size cap's business
      'not-an-engine': 10 * DAY,
    });
    expect(await evictOtherEngines(base, 'exec-3', { now })).toEqual([join(base, 'exec-1')]);
    expect(left(base, ['exec-2', 'exec-3', 'not-an-engine'])).toHaveLength(3);
  });

  it('cleanArtifacts does all of it, and a second pass finds nothing', async () => {
    tree(base, { 'exec-1/ab/0123': 10 * DAY, 'exec-3/go-build/seed.staging-aB3dE9': DAY });
    tree(base, { 'exec-3/cpp-support/new/wrapper': 0, 'exec-3/cpp-support/old/wrapper': 9 * DAY });
    const removed = await cleanArtifacts(base, 'exec-3', { now });
    expect(removed.filter((path) => path.startsWith(base)).sort()).toEqual([
      join(base, 'exec-1'),
      join(base, 'exec-3/cpp-support/old'),
      join(base, 'exec-3/go-build/seed.staging-aB3dE9'),
    ]);
    expect(
      (await cleanArtifacts(base, 'exec-3', { now })).filter((p) => p.startsWith(base)),
    ).toEqual([]);
  });
});
