import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../test/helpers/cli.js';
import { syntheticRun } from '../store/db/__fixtures__/synthetic-run.js';
import { openRunDb } from '../store/db/open.js';
import { recordRun } from '../store/db/record.js';
import { main } from './main.js';

/** Runs the CLI in this process, capturing what it writes. */
async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const capture = (key: 'stdout' | 'stderr') => (chunk: string | Uint8Array) => {
    out[key] += chunk.toString();
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture('stdout'));
  vi.spyOn(process.stderr, 'write').mockImplementation(capture('stderr'));
  try {
    const code = await main(argv);
    return { code, ...out };
  } finally {
    vi.restoreAllMocks();
  }
}

afterEach(() => {
  process.exitCode = undefined;
});

describe('passk in-process: user errors are one line, never an internal error', () => {
  it('an ambiguous run id prefix names the runs and exits 2', async () => {
    const db = join(await tempDir(), 'runs.db');
    const store = openRunDb(db);
    recordRun(store, { ...syntheticRun(), id: 'abcd1111' });
    recordRun(store, { ...syntheticRun(), id: 'abcd2222' });
    store.close();
    const result = await cli(['show', 'abcd', '--db', db]);
    expect(result.stderr).toContain("passk: error: run id prefix 'abcd' matches abcd");
    expect(result.stderr).not.toContain('internal error');
    expect(result.code).toBe(2);
    const shown = await cli(['show', 'abcd1', '--db', db]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^run abcd1111 /);
  });

  it('a run directory that does not exist is a user error for compare', async () => {
    const missing = join(await tempDir(), 'nope');
    const result = await cli(['compare', missing, missing]);
    expect(result.stderr).toMatch(/passk: error: run '.*nope' not found/);
    expect(result.code).toBe(2);
  });
});
