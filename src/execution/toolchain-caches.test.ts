/**
 * The toolchain caches as programs see them (issue 29, item 17), real compilers through the real
 * sandbox: `--no-cache` (library `cacheDir: false`) means no verdict reuse, not no toolchain
 * caches (Go recompiled its standard library for every program); a cache folder under /tmp,
 * which the sandbox replaces with a tmpfs of its own, is bound into it (Rust lost its crates).
 */
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_ARTIFACTS_DIR } from '../../test/helpers/test-artifacts.js';
import { ENGINE_VERSION } from './cache.js';
import { createExecutor } from './index.js';
import type { ExecJob } from './types.js';

/** Compiled programs of the artifact cache: shard/key folders (artifact_cache.py's layout). */
function entries(store: string): string[] {
  if (!existsSync(store)) return [];
  return readdirSync(store)
    .filter((shard) => /^[0-9a-zA-Z]{2}$/.test(shard))
    .flatMap((shard) => readdirSync(join(store, shard)).map((key) => join(store, shard, key)));
}

async function runOnce(job: ExecJob) {
  const executor = await createExecutor({ allowCodeExecution: true, workers: 1, cacheDir: false });
  try {
    const verdict = (await executor.run([job])).get(job.id);
    return { verdict, stats: executor.stats() };
  } finally {
    await executor.close();
  }
}

const LIMITS = { timeoutMs: 15_000, memoryBytes: 2 * 2 ** 30, outputBytes: 2 ** 20 };
const hasGo = existsSync('/usr/bin/go');

describe.skipIf(!hasGo)('no verdict cache, toolchain caches kept', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('a Go program is judged again, from the compiled program and build cache kept', async () => {
    // The tests' shared artifact folder already holds Go's seeded build cache (~25 s to make).
    vi.stubEnv('PASSK_ARTIFACTS_DIR', TEST_ARTIFACTS_DIR);
    const store = join(TEST_ARTIFACTS_DIR, ENGINE_VERSION);
    const salt = randomBytes(6).toString('hex'); // a program no earlier run compiled
    const source = `package main\n\nimport "testing"\n\nfunc TestOk(t *testing.T) {\n\tif "${salt}" == "" {\n\t\tt.Fatal("no")\n\t}\n}\n`;
    const job: ExecJob = { id: 'go', program: { language: 'go', source }, limits: LIMITS };
    const before = new Set(entries(store));

    const first = await runOnce(job);
    expect(first.verdict?.status, JSON.stringify(first.verdict)).toBe('passed');
    const added = entries(store).filter((path) => !before.has(path));
    expect(added).toHaveLength(1); // this program's binary
    expect(existsSync(join(store, 'go-build', 'seed'))).toBe(true);

    // Dated back, so a reuse (artifact_cache.py touches what it finds) shows in its mtime.
    const entry = added[0]!;
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(entry, old, old);
    const second = await runOnce(job);
    expect(second.verdict?.status).toBe('passed');
    expect(second.stats.cacheHits).toBe(0); // the verdict was not reused: the program ran
    expect(second.stats.executed).toBe(1);
    expect(statSync(entry).mtimeMs).toBeGreaterThan(old.getTime() + 1000); // its binary was
  }, 180_000);

  it('--no-artifact-cache (artifactsDir: false) keeps nothing', async () => {
    const root = mkdtempSync(join(tmpdir(), 'passk-no-artifacts-'));
    try {
      vi.stubEnv('PASSK_ARTIFACTS_DIR', join(root, 'artifacts'));
      const executor = await createExecutor({
        allowCodeExecution: true,
        workers: 1,
        cacheDir: false,
        artifactsDir: false,
      });
      await executor.close();
      expect(existsSync(join(root, 'artifacts'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

const hasRust = existsSync('/usr/share/cargo/registry');

describe.skipIf(!hasRust)('a cache folder under /tmp', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('Rust without an artifact cache: its crates, kept under /tmp, are bound into the sandbox', async () => {
    const base = mkdtempSync(join(tmpdir(), 'passk-tmp-cache-'));
    try {
      // The crates are kept in the cache folder's rust-crates/; a copy of the tests' build saves
      // a cargo build (~20 s of CPU); without one, passk builds them there.
      const built = join(TEST_ARTIFACTS_DIR, ENGINE_VERSION, 'rust-crates');
      if (existsSync(built)) {
        mkdirSync(join(base, 'rust-crates'));
        cpSync(built, join(base, 'rust-crates'), { recursive: true });
      }
      vi.stubEnv('PASSK_CACHE_DIR', base);
      vi.stubEnv('PASSK_ARTIFACTS_DIR', '');
      const executor = await createExecutor({
        allowCodeExecution: true,
        workers: 1,
        cacheDir: false,
        artifactsDir: false,
      });
      const source =
        'fn main() {\n    let d = md5::compute(b"abc");\n    assert_eq!(format!("{:x}", d), "900150983cd24fb0d6963f7d28e17f72");\n}\n';
      try {
        const job: ExecJob = { id: 'rs', program: { language: 'rust', source }, limits: LIMITS };
        const verdict = (await executor.run([job])).get('rs');
        expect(verdict?.status, JSON.stringify(verdict)).toBe('passed');
      } finally {
        await executor.close();
      }
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }, 300_000);
});
