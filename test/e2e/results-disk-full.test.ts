import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runCliWithFileLimit, tempDir } from '../helpers/cli.js';
import { toyTask } from '../helpers/toy-model.js';

/**
 * A disk that fills up while the results are written (here a 1 KiB file-size limit on the CLI,
 * as `ulimit -f` sets it) is one line naming the file, exit 1 (the run is incomplete), never
 * "internal error" (exit 70); the run is not taken for finished, and the same command completes it.
 */
describe('results on a full disk', () => {
  it('one line naming the file, exit 1, and the same command again completes the run', async () => {
    const out = join(await tempDir(), 'run');
    const env = { PASSK_CACHE_DIR: await tempDir() };
    const args = [
      'run',
      '--task',
      toyTask,
      '--model',
      'reference',
      '--allow-code-execution',
      '--output-dir',
      out,
      '--no-db',
      '--no-cache', // the verdict cache's own writes are not this test's subject
    ];
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
});
