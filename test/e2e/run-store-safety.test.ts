import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli, sourceModule, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';

const dataDir = requireData('humaneval/HumanEval.jsonl.gz');

/** A separate node process that opens (creating) the store at `path`, exactly as passk does. */
function openInChild(path: string): Promise<{ code: number | null; stderr: string }> {
  const { importArgs, file } = sourceModule('src/store/db/open.ts');
  const script = `import { openRunDb } from ${JSON.stringify(file)};
openRunDb(${JSON.stringify(path)}).close();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...importArgs, '--input-type=module', '-e', script], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('the run store never costs a run', () => {
  it('several processes creating one fresh store at once all succeed', async () => {
    const dir = await tempDir();
    for (let round = 0; round < 4; round++) {
      const path = join(dir, `store-${round}`, 'passk.db');
      const opened = await Promise.all([1, 2, 3, 4].map(() => openInChild(path)));
      for (const result of opened) {
        expect(result.stderr).toBe('');
        expect(result.code, result.stderr).toBe(0);
      }
    }
  });

  it('a store damaged inside is one line in runs and show, and a warning in run', async () => {
    const dir = await tempDir();
    const run = join(dir, 'r1');
    const args = (out: string) => [
      'run',
      '--task',
      'humaneval',
      '--model',
      'reference',
      '--allow-code-execution',
      '--data-dir',
      dataDir,
      '--limit',
      '2',
      '--output-dir',
      out,
    ];
    expect((await runCli(args(run))).code).toBe(0);
    const db = join(dir, 'passk.db');
    const bytes = await readFile(db);
    // Keep SQLite's header page so the file opens; garble the pages the queries read.
    bytes.fill(0xab, 4096);
    await writeFile(db, bytes);

    const runs = await runCli(['runs', '--db', db]);
    expect(runs.stderr).not.toContain('internal error');
    expect(runs.stderr.trim().split('\n')).toHaveLength(1);
    expect(runs.stderr).toContain('damaged');
    expect(runs.code).toBe(2);

    const latest = await runCli(['show', 'latest', '--db', db]);
    expect(latest.stderr.trim().split('\n')).toHaveLength(1);
    expect(latest.stderr).toContain('damaged');

    // A run directory answers for itself: the broken store is a warning.
    const shown = await runCli(['show', run, '--db', db, '--data-dir', dataDir]);
    expect(shown.code).toBe(0);
    expect(shown.stderr.trim().split('\n')).toHaveLength(1);
    expect(shown.stderr).toContain('warning');
    expect(shown.stdout).toContain('2 problems');

    const again = await runCli(args(join(dir, 'r2')));
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('warning');
    expect(again.stderr).not.toContain('internal error');
  });
});
