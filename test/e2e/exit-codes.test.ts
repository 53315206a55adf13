import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir } from '../helpers/cli.js';

/**
 * The documented exit codes (docs/commands.md) that no other e2e test is about: 4 (the
 * preflight caught an engine that would mis-score) and 70 (a bug: one line plus the file the
 * stack went to, never a wall of frames), and 2 for a switch word given as the run store.
 */

let dir: string;
beforeAll(async () => {
  dir = await tempDir();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const STACK_FRAME = /^\s+at /m;

async function writeRows(name: string, rows: object[]): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, rows.map((row) => JSON.stringify(row)).join('\n'));
  return file;
}

describe('exit codes', () => {
  it('4: a reference that fails its own tests fails the preflight, in one line and a hint', async () => {
    const task = await writeRows('wrong-reference.jsonl', [
      {
        task_id: 'w/1',
        prompt: 'def f(x):\n',
        tests: 'assert f(1) == 2\n',
        canonical_solution: '    return x\n',
      },
    ]);
    const out = join(dir, 'preflight');
    const result = await runCli([
      'run',
      '--task',
      task,
      '--model',
      'reference',
      '--allow-code-execution',
      '--no-db',
      '--output-dir',
      out,
    ]);
    expect(result.code, result.stderr).toBe(4);
    expect(result.stderr).toMatch(
      /^passk: error: .*preflight.*reference-0: expected passed, got failed/m,
    );
    expect(result.stderr).toMatch(/^ {2}hint: /m);
    expect(result.stderr).not.toMatch(STACK_FRAME);
    // nothing scored: no metrics.json from an engine that failed its canaries
    expect(existsSync(join(out, 'metrics.json'))).toBe(false);
  });

  it('70: a bug prints one line and where the stack went', async () => {
    const module = join(dir, 'buggy-task.mjs');
    await writeFile(
      module,
      `export default {
  name: 'buggy', description: 'a task module whose problems() throws', language: 'python',
  dataset: { hub: { repo: 'none/none', revision: '${'0'.repeat(40)}', path: 'none.jsonl' } },
  defaultTimeoutMs: 60000, stopSequences: [],
  problems: (rows) => rows.map((row) => row.missing.field),
  postprocess: (_, text) => text,
  program: (_, code) => ({ language: 'python', source: code }),
};
`,
    );
    const rows = await writeRows('buggy-rows.jsonl', [{ id: 'a' }]);
    const args = ['run', '--task', module, '--dataset-path', rows, '--model', 'reference'];
    const result = await runCli([
      ...args,
      '--allow-code-execution',
      '--no-db',
      '--output-dir',
      join(dir, 'bug'),
    ]);
    expect(result.code, result.stderr).toBe(70);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(
      "passk: internal error: TypeError: Cannot read properties of undefined (reading 'field')",
    );
    expect(result.stderr).not.toMatch(STACK_FRAME);
    const file = /details: (\S+)/.exec(lines[1] ?? '')?.[1];
    expect(file, result.stderr).toBeDefined();
    const details = await readFile(file!, 'utf8');
    expect(details).toMatch(STACK_FRAME);
    expect(details).toContain('buggy-task.mjs');
    await rm(file!);
  });

  it('2: --db false is refused before any work, and no store named false appears', async () => {
    const task = await writeRows('fine.jsonl', [
      {
        task_id: 'ok/1',
        prompt: 'def f(x):\n',
        tests: 'assert f(1) == 1\n',
        canonical_solution: '    return x\n',
      },
    ]);
    const stray = join(repoRoot, 'false');
    const existed = existsSync(stray);
    const out = join(dir, 'db-false');
    const base = [
      'run',
      '--task',
      task,
      '--model',
      'reference',
      '--allow-code-execution',
      '--output-dir',
      out,
    ];
    try {
      const flag = await runCli([...base, '--db', 'false']);
      expect(flag.code, flag.stderr).toBe(2);
      expect(flag.stderr).toContain("passk: error: --db 'false' is not a run store file");
      expect(flag.stderr).toContain('--no-db');
      const env = await runCli(base, { PASSK_DB: 'false' });
      expect(env.code, env.stderr).toBe(2);
      expect(env.stderr).toContain("PASSK_DB 'false' is not a run store file");
      expect(existsSync(stray)).toBe(existed);
      expect(existsSync(join(out, 'metrics.json'))).toBe(false);
    } finally {
      // only what a failing run of this test left behind (the .gitignore also lists it)
      if (!existed) {
        for (const suffix of ['', '-wal', '-shm']) await rm(`${stray}${suffix}`, { force: true });
      }
    }
  });
});
