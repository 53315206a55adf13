import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/store/run-lock.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { toyReferenceArgs, toyRunArgs, toyServers } from '../helpers/toy-model.js';

/**
 * Two passk processes never write one run directory: the lock is taken before anything is
 * written (run-config.json, the journal, results, the store's row), for generation and scoring
 * alike, and a second process is refused with the holder's pid, `--overwrite` or not. The
 * holder here is this test's own (live) process, written into the lock as passk writes it.
 */

const serve = toyServers();

async function heldDir(): Promise<string> {
  const out = join(await tempDir(), 'run');
  await mkdir(out);
  await writeFile(join(out, LOCK_FILE), `${process.pid}\n`);
  return out;
}

function expectRefused(result: { code: number | null; stderr: string }, out: string) {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toContain(
    `passk: error: another passk process (pid ${process.pid}) is writing to ${out}`,
  );
}

describe('one run directory, one passk process', () => {
  it('scoring into a directory another process holds is refused before anything is written', async () => {
    const out = await heldDir();
    const db = join(out, '..', 'passk.db');
    expectRefused(await runCli(toyReferenceArgs(out, ['--db', db])), out);
    expectRefused(await runCli(toyReferenceArgs(out, ['--overwrite', '--no-db'])), out);
    expect(await readdir(out)).toEqual([LOCK_FILE]);
    expect(await readdir(join(out, '..'))).toEqual(['run']); // no store row either
  });

  it('generation into a directory another process holds sends no request and writes nothing', async () => {
    const server = await serve();
    const out = await heldDir();
    expectRefused(await runCli(toyRunArgs([server.baseUrl], out)), out);
    expect(server.requests).toHaveLength(0);
    expect(await readdir(out)).toEqual([LOCK_FILE]);
  });

  it('a lock left by a process that died is taken over, and released at the end', async () => {
    const out = await heldDir();
    await writeFile(join(out, LOCK_FILE), '999999999\n'); // no such process
    const result = await runCli(toyReferenceArgs(out, ['--no-db']));
    expect(result.code, result.stderr).toBe(0);
    expect(await readdir(out)).not.toContain(LOCK_FILE);
    expect(await readdir(out)).toContain('metrics.json');
  });

  it('a run that replaces another (--overwrite) replaces its row in the store too', async () => {
    const out = join(await tempDir(), 'run');
    const db = join(out, '..', 'passk.db');
    for (const extra of [[], ['--overwrite']]) {
      const result = await runCli(toyReferenceArgs(out, ['--db', db, ...extra]));
      expect(result.code, result.stderr).toBe(0);
    }
    const runs = await runCli(['runs', '--db', db, '--json']);
    expect(runs.code, runs.stderr).toBe(0);
    // the first run's files are gone: a row for it would show the second run under its id
    expect(runs.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('a path where no folder can be made (/proc/x) is refused at once, not a hang', async () => {
    const result = await runCli(toyReferenceArgs('/proc/passk-x/run', ['--no-db']));
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(
      'passk: error: cannot write to /proc/passk-x/run: this file system does not allow new folders there (ENOENT)',
    );
  });
});
