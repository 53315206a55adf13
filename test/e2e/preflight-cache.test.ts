/**
 * Issue 30: a run whose preflight fingerprint a passed preflight already had skips the canaries
 * and says so in run.json (`execution.preflight.source`); a changed fingerprint (the limits, the
 * references) runs them again, and so does `--no-artifact-cache`. Each command gets its own
 * cache folder, shared by its runs only.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedDataDir } from '../../src/datasets/index.js';
import { runCli, tempDir } from '../helpers/cli.js';

const dataDir = sharedDataDir();

interface PreflightInfo {
  source: 'ran' | 'cache';
  cached_from?: string;
  canaries: number;
  executed: number;
}

describe('the preflight cache (artifact cache)', () => {
  it('skips the canaries of an identical run, runs them when the fingerprint or the flag says so', async () => {
    const cache = await tempDir('passk-preflight-cache-');
    const run = async (...extra: string[]): Promise<PreflightInfo> => {
      const out = join(await tempDir('passk-preflight-run-'), 'run');
      const args = ['run', '--task', 'humaneval', '--model', 'reference', '--allow-code-execution'];
      const result = await runCli(
        [...args, '--data-dir', dataDir, '--output-dir', out, '--no-db', '--no-cache', ...extra],
        { PASSK_CACHE_DIR: cache },
      );
      expect(result.code, result.stderr).toBe(0);
      const info = JSON.parse(await readFile(join(out, 'run.json'), 'utf8'));
      return info.execution.preflight;
    };
    const first = await run('--limit', '1');
    expect(first).toMatchObject({ source: 'ran' });
    expect(first.executed).toBe(first.canaries);
    const second = await run('--limit', '1');
    expect(second).toMatchObject({ source: 'cache', canaries: first.canaries, executed: 0 });
    expect(second.cached_from).toMatch(/^\d{4}-\d\d-\d\dT/);
    // another limit, other references: other fingerprints
    expect((await run('--limit', '1', '--timeout', '7')).source).toBe('ran');
    expect((await run('--limit', '2')).source).toBe('ran');
    // no artifact cache, no kept preflight
    expect((await run('--limit', '1', '--no-artifact-cache')).source).toBe('ran');
    expect((await run('--limit', '1')).source).toBe('cache');
  });
});
