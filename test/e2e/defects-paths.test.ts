import { readdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/cli-in-process.js';

/**
 * A switch word where a path is expected (`--cache-dir false`, PASSK_CACHE_DIR=off, `-o ''`)
 * once created a folder of that name in the current folder (`./false/verdicts`). Every
 * path-valued flag and variable now refuses it with exit 2 and one line, before any work, and
 * nothing appears in the current folder (runCli runs in the repository root).
 */

let dir: string;
let task: string;
beforeAll(async () => {
  dir = await tempDir();
  task = join(dir, 'one.jsonl');
  const row = { task_id: 'ok/1', prompt: 'def f(x):\n', tests: 'assert f(1) == 1\n' };
  await writeFile(task, JSON.stringify({ ...row, canonical_solution: '    return x\n' }));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const runArgs = () => ['run', '--task', task, '--model', 'reference', '--allow-code-execution'];

const CASES: { args: () => string[]; env?: NodeJS.ProcessEnv; error: string; hint?: string }[] = [
  {
    args: () => [...runArgs(), '--output-dir', join(dir, 'a'), '--cache-dir', 'false', '--no-db'],
    error: "--cache-dir 'false' is not a folder",
    hint: '--no-cache',
  },
  {
    args: () => [...runArgs(), '--output-dir', join(dir, 'b'), '--no-db'],
    env: { PASSK_CACHE_DIR: 'none' },
    error: "PASSK_CACHE_DIR 'none' is not a folder",
    hint: '--no-cache',
  },
  {
    args: () => [...runArgs(), '--output-dir', 'off', '--no-db'],
    error: "--output-dir 'off' is not a folder",
  },
  {
    args: () => [...runArgs(), '--output-dir', join(dir, 'c'), '--cache-dir', '', '--no-db'],
    error: "--cache-dir '' is not a folder",
  },
  { args: () => ['tasks'], env: { PASSK_DATA_DIR: '0' }, error: "PASSK_DATA_DIR '0'" },
  { args: () => ['compare', 'a', 'b', '--json', 'false'], error: "--json 'false' is not a file" },
  { args: () => ['report', 'a', '-o', 'off'], error: "--output 'off' is not a file" },
  { args: () => ['merge', 'a', '-o', 'no'], error: "--output 'no' is not a folder" },
  { args: () => ['runs', '--db', 'false'], error: "--db 'false' is not a run store file" },
  {
    args: () => ['contamination', '--task', task, '--corpus', 'none'],
    error: "--corpus 'none' is not a file or folder",
  },
];

describe('switch words given as paths', () => {
  it('are refused with exit 2, one line, and leave nothing in the current folder', async () => {
    const before = readdirSync(repoRoot).sort();
    // Refused before any work: main() in this process, in the repository root as runCli.
    for (const { args, env, error, hint } of CASES) {
      const result = await runCliInProcess(args(), env);
      expect(result.code, `${args().join(' ')}\n${result.stderr}`).toBe(2);
      expect(result.stderr).toContain(`passk: error: ${error}`);
      expect(result.stderr).toContain('to use a');
      if (hint !== undefined) expect(result.stderr).toContain(hint);
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(readdirSync(repoRoot).sort()).toEqual(before);
    }
    expect(readdirSync(dir).sort()).toEqual(['one.jsonl']);
  }, 300_000);

  it('a path that happens to be a switch word, written as one, is a path', async () => {
    const cache = join(dir, 'false');
    const out = join(dir, 'run');
    const result = await runCli([
      ...runArgs(),
      '--output-dir',
      out,
      '--cache-dir',
      cache,
      '--no-db',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(cache)).toContain('verdicts');
  }, 120_000);
});
