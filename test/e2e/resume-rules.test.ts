import { cp, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import {
  journalLines,
  TOY_PROBLEMS,
  toyRunArgs,
  toyServers,
  toyTask,
} from '../helpers/toy-model.js';

/**
 * Issue 29: what `--resume` may not change (backend, task, problems), where it writes (the
 * directory given, even a copy), what it does with a finished run (nothing: no second score, no
 * second store row), and `--overwrite` without it (the run starts from nothing).
 */

const serve = toyServers();

/** A toy run generated (not scored) into a fresh folder; the server and the folder. */
async function generated(extra: string[] = []) {
  const server = await serve();
  const out = join(await tempDir(), 'run');
  const first = await runCli(toyRunArgs([server.baseUrl], out, ['--generation-only', ...extra]));
  expect(first.code, first.stderr).toBe(0);
  return { server, out };
}

const resume = (dir: string, extra: string[] = []) =>
  runCli(['run', '--resume', dir, '--generation-only', ...extra]);

describe('passk run --resume refuses a change of what the run is', () => {
  it('--model reference into a model run', async () => {
    const { out } = await generated();
    const result = await resume(out, ['--model', 'reference', '--allow-code-execution']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `passk: error: ${out} is a run of --model openai-compatible: a resume cannot change the backend (--model reference)`,
    );
  });

  it('another --task, named', async () => {
    const { out } = await generated();
    const other = join(await tempDir(), 'other-toy.jsonl');
    await cp(toyTask, other);
    const result = await resume(out, ['--task', other]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`(--task ${toyTask} → ${other})`);
  });

  it('another --limit or --limit-start', async () => {
    const { out, server } = await generated(['--limit', '2']);
    const asked = server.requests.length;
    const wider = await resume(out, ['--limit', '3']);
    expect(wider.code).toBe(2);
    expect(wider.stderr).toContain('(--limit 2 → 3)');
    const shifted = await resume(out, ['--limit-start', '1']);
    expect(shifted.code).toBe(2);
    expect(shifted.stderr).toContain('(--limit-start 0 → 1)');
    expect(server.requests.length).toBe(asked);
  });
});

describe('passk run --resume of a copied run directory', () => {
  it('writes into the copy, not the folder the run was started in', async () => {
    const { out } = await generated();
    const copy = join(await tempDir(), 'copy');
    await cp(out, copy, { recursive: true });
    const grown = await resume(copy, ['--n-samples', '4']);
    expect(grown.code, grown.stderr).toBe(0);
    expect(await journalLines(copy)).toHaveLength(TOY_PROBLEMS * 4);
    expect(await journalLines(out)).toHaveLength(TOY_PROBLEMS * 3);
  });
});

describe('a finished run', () => {
  it('resumed: not scored again, no second store row; its score is shown', async () => {
    const server = await serve();
    const dir = await tempDir();
    const out = join(dir, 'run');
    const db = join(dir, 'runs.db');
    const args = toyRunArgs([server.baseUrl], out, ['--db', db]).filter((a) => a !== '--no-db');
    const first = await runCli(args);
    expect(first.code, first.stderr).toBe(0);
    // recorded outside ./passk-runs/passk.db: the show command printed names the store
    const show = /\((passk show \S+ --db (\S+))\)/.exec(first.stdout);
    expect(show?.[2]).toBe(db);
    const shown = await runCli(show![1]!.split(' ').slice(1));
    expect(shown.code, shown.stderr).toBe(0);
    const scoredAt = (await stat(join(out, 'metrics.json'))).mtimeMs;
    const again = await runCli(['run', '--resume', out, '--allow-code-execution']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`passk: ${out} is a finished run with nothing left to generate`);
    expect(again.stdout).toContain('pass@1 = 1.0000');
    expect((await stat(join(out, 'metrics.json'))).mtimeMs).toBe(scoredAt);
    const listed = await runCli(['runs', '--db', db, '--json']);
    expect(listed.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('--overwrite (no --resume) starts from nothing and says so', async () => {
    const server = await serve();
    const out = join(await tempDir(), 'run');
    const first = await runCli(toyRunArgs([server.baseUrl], out));
    expect(first.code, first.stderr).toBe(0);
    const asked = server.requests.length;
    // a changed setting is no resume: the run is replaced
    const replaced = await runCli(
      toyRunArgs([server.baseUrl], out, ['--overwrite', '--temperature', '0.5']),
    );
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stderr).toContain(`--overwrite: starting ${out} from nothing`);
    expect(server.requests.length).toBeGreaterThan(asked);
    expect(await journalLines(out)).toHaveLength(TOY_PROBLEMS * 3);
    const saved = JSON.parse(await readFile(join(out, 'run-config.json'), 'utf8'));
    expect(saved.config.generation.temperature).toBe(0.5);
  });
});

describe('passk run --generation-only --limit', () => {
  it('prints an evaluate command with the same problems, and that command works', async () => {
    const server = await serve();
    const out = join(await tempDir(), 'run');
    const args = toyRunArgs([server.baseUrl], out, ['--generation-only', '--limit', '2']);
    const first = await runCli([...args, '--limit-start', '1']);
    expect(first.code, first.stderr).toBe(0);
    const line = first.stdout.split('\n').find((l) => l.startsWith('evaluate later with: '));
    expect(line).toContain(' --limit 2 --limit-start 1 ');
    const command = line!.replace('evaluate later with: passk ', '').split(' ');
    const scored = await runCli([...command, '--no-db', '--output-dir', join(out, 'scored')]);
    expect(scored.code, scored.stderr).toBe(0);
    expect(scored.stdout).toContain('2 problems');
  });
});
