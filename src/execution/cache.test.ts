import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultArtifactsDir, defaultCacheDir, VerdictCache } from './cache.js';
import { createExecutor } from './executor.js';

describe('verdict cache location', () => {
  it('is $PASSK_CACHE_DIR/verdicts; empty is unset; a switch word is refused, not ./false', () => {
    expect(defaultCacheDir({ PASSK_CACHE_DIR: '/c' })).toBe('/c/verdicts');
    expect(defaultCacheDir({ PASSK_CACHE_DIR: ' ' })).toBe(
      join(homedir(), '.cache', 'passk', 'verdicts'),
    );
    expect(() => defaultCacheDir({ PASSK_CACHE_DIR: 'off' })).toThrow(
      "PASSK_CACHE_DIR 'off' is not a folder",
    );
    expect(defaultCacheDir({ PASSK_CACHE_DIR: './off' })).toBe('off/verdicts');
  });
});

describe('artifact cache location', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is $PASSK_ARTIFACTS_DIR, else artifacts/ beside the verdicts, with or without a verdict cache', () => {
    expect(defaultArtifactsDir('/c/verdicts', {})).toBe('/c/verdicts/artifacts');
    expect(defaultArtifactsDir('/c/verdicts', { PASSK_ARTIFACTS_DIR: ' ' })).toBe(
      '/c/verdicts/artifacts',
    );
    expect(defaultArtifactsDir('/c/verdicts', { PASSK_ARTIFACTS_DIR: '/a' })).toBe('/a');
    // --no-cache is no verdict reuse only: the toolchain caches stay where they would be.
    expect(defaultArtifactsDir(false, { PASSK_ARTIFACTS_DIR: '/a' })).toBe('/a');
    expect(defaultArtifactsDir(false, { PASSK_CACHE_DIR: '/c' })).toBe('/c/verdicts/artifacts');
    expect(() => defaultArtifactsDir('/c', { PASSK_ARTIFACTS_DIR: 'false' })).toThrow(
      "PASSK_ARTIFACTS_DIR 'false' is not a folder",
    );
  });

  it('the executor keeps its artifacts in $PASSK_ARTIFACTS_DIR', async () => {
    const root = mkdtempSync(join(tmpdir(), 'passk-artifacts-env-'));
    try {
      vi.stubEnv('PASSK_ARTIFACTS_DIR', join(root, 'artifacts'));
      const executor = await createExecutor({
        allowCodeExecution: true,
        workers: 1,
        cacheDir: join(root, 'verdicts'),
      });
      await executor.close();
      // The clean-up's stamp is written into the artifact cache as the executor starts.
      expect(existsSync(join(root, 'artifacts'))).toBe(true);
      expect(existsSync(join(root, 'verdicts', 'artifacts'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('verdict cache writes', () => {
  it('each verdict is on disk when put: a run killed while it scores keeps what it judged', () => {
    const dir = mkdtempSync(join(tmpdir(), 'passk-cache-each-'));
    try {
      const cache = new VerdictCache(dir);
      const verdict = { status: 'passed', durationMs: 12 } as const;
      for (const key of ['a', 'b', 'c']) cache.put(key, verdict);
      // no flush(): as after a SIGKILL, only what reached the file survives
      const reloaded = new VerdictCache(dir);
      expect(['a', 'b', 'c'].map((key) => reloaded.get(key))).toEqual([verdict, verdict, verdict]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
