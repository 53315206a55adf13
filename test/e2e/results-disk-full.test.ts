import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runCliWithFileLimit, tempDir } from '../helpers/cli.js';
import { toyReferenceArgs } from '../helpers/toy-model.js';

/**
 * A disk that fills up while the results are written (here a 1 KiB file-size limit on the CLI,
 * as `ulimit -f` sets it) is one line naming the file, exit 1 (the run is incomplete), never
 * "internal error" (exit 70); the run is not taken for finished, and the same command completes it.
 */
describe('results on a full disk', () => {
  it('one line naming the file, exit 1, and the same command again completes the run', async () => {
    const out = join(await tempDir(), 'run');
    const env = { PASSK_CACHE_DIR: await tempDir() };
    // the verdict cache's own writes are not this test's subject
    const args = toyReferenceArgs(out, ['--no-db', '--no-cache']);
    const full = await runCliWithFileLimit(args, 1, env);
    expect(full.code, full.stderr).toBe(1);
    expect(full.stderr).toMatch(
      /^passk: error: cannot write .*\/run\/[a-z.]+json: the file size limit was reached \(EFBIG\)$/m,
    );
    expect(full.stderr).toMatch(/^ {2}hint: free some space, then run the same command again/m);
    expect(full.stderr).not.toContain('internal error');
    expect(existsSync(join(out, 'metrics.json'))).toBe(false);
    const again = await runCli(args, env);
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(join(out, 'metrics.json'))).toBe(true);
  });

  it('a --db that cannot be written is refused before any work, in one line', async () => {
    const dir = await tempDir();
    const file = join(dir, 'a-file');
    await writeFile(file, '');
    const out = join(dir, 'run');
    const db = join(file, 'passk.db'); // a folder that is a file: no store can be made there
    const result = await runCli(toyReferenceArgs(out, ['--db', db]));
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`^passk: error: cannot write the run store ${db}: .*${file} is not a folder`, 'm'),
    );
    expect(result.stderr).toMatch(/^ {2}hint: name another --db file, or pass --no-db/m);
    expect(existsSync(out)).toBe(false); // nothing was run, nothing written
  });
});
