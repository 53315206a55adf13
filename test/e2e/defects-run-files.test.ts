import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { toyReferenceArgs, toyRunArgs, toyServers, toyTask } from '../helpers/toy-model.js';

/**
 * A run directory whose files were damaged (a disk that filled, a hand edit, a copy cut short)
 * is a user's problem to fix, not a passk bug: every command that reads one says which file and
 * exits 2, never 70 with a stack trace. Found by feeding each command of docs/commands.md such
 * directories.
 */

const serve = toyServers();
let dir: string;
let finished: string;
beforeAll(async () => {
  dir = await tempDir();
  finished = join(dir, 'finished');
  const first = await runCli(toyReferenceArgs(finished, ['--no-db']));
  expect(first.code, first.stderr).toBe(0);
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A copy of the finished run with `file` replaced by `text` (or removed when undefined). */
async function damaged(name: string, from: string, file: string, text?: string): Promise<string> {
  const copy = join(dir, name);
  await cp(from, copy, { recursive: true });
  if (text === undefined) await rm(join(copy, file));
  else await writeFile(join(copy, file), text);
  return copy;
}

function expectUserError(result: { code: number | null; stderr: string }, file: string) {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toMatch(new RegExp(`^passk: error: .*${file}`, 'm'));
  expect(result.stderr).not.toContain('internal error');
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

describe('damaged run files', () => {
  it('show, report and compare name a run.json that is not JSON', async () => {
    const broken = await damaged('bad-run-json', finished, 'run.json', '{"config": ');
    const db = join(dir, 'store.db');
    expectUserError(await runCli(['show', broken, '--db', db]), 'run.json');
    expectUserError(
      await runCli(['report', broken, '-o', join(dir, 'r.html'), '--db', db]),
      'run.json',
    );
    expectUserError(await runCli(['compare', finished, broken, '--db', db]), 'run.json');
  }, 120_000);

  it('show, report and compare refuse a results.jsonl cut short, naming it', async () => {
    const lines = (await readFile(join(finished, 'results.jsonl'), 'utf8')).split('\n');
    expect(lines.length).toBeGreaterThan(3);
    // A copy cut mid-line: the torn line is dropped when read, as a crashed run's is.
    const cut = await damaged(
      'cut-results',
      finished,
      'results.jsonl',
      lines.join('\n').slice(0, -40),
    );
    const db = join(dir, 'store.db');
    for (const args of [
      ['show', cut],
      ['report', cut, '-o', join(dir, 'c.html')],
      ['compare', finished, cut],
    ]) {
      const result = await runCli([...args, '--db', db]);
      expectUserError(result, 'results.jsonl');
      expect(result.stderr).toMatch(/holds \d+ verdicts but metrics.json scored \d+ samples/);
    }
  }, 120_000);

  it('merge names a shard whose generations.json is missing or not JSON', async () => {
    const shards = [0, 1].map((i) => join(dir, `shard-${i}`));
    for (const [i, out] of shards.entries()) {
      const run = await runCli([
        'run',
        '--task',
        toyTask,
        '--model',
        'reference',
        '--allow-code-execution',
        '--shard',
        `${i}/2`,
        '--output-dir',
        out,
        '--no-db',
      ]);
      expect(run.code, run.stderr).toBe(0);
    }
    const missing = await damaged('shard-missing', shards[1]!, 'generations.json');
    expectUserError(
      await runCli(['merge', shards[0]!, missing, '-o', join(dir, 'm1')]),
      'generations.json',
    );
    // -o naming a file (not a folder) was EEXIST from mkdir after the merge's work: exit 70
    const file = join(dir, 'merged.txt');
    await writeFile(file, 'keep');
    expectUserError(await runCli(['merge', ...shards, '-o', file]), 'merged.txt');
    expect(await readFile(file, 'utf8')).toBe('keep');
    const broken = await damaged('shard-broken', shards[1]!, 'generations.json', '[["x"');
    expectUserError(
      await runCli(['merge', shards[0]!, broken, '-o', join(dir, 'm2')]),
      'generations.json',
    );
  }, 120_000);

  it('resume and evaluate name a generation-only run whose run-config.json or generation.json is damaged', async () => {
    const server = await serve();
    const gen = join(dir, 'gen');
    const first = await runCli(toyRunArgs([server.baseUrl], gen, ['--generation-only']));
    expect(first.code, first.stderr).toBe(0);
    const badConfig = await damaged('gen-bad-config', gen, 'run-config.json', '{"config": {');
    expectUserError(
      await runCli(['run', '--resume', badConfig, '--allow-code-execution']),
      'run-config.json',
    );
    const badMeta = await damaged('gen-bad-meta', gen, 'generation.json', '{');
    const evaluate = [
      'evaluate',
      '--task',
      toyTask,
      '--generations',
      badMeta,
      '--allow-code-execution',
      '--output-dir',
      join(dir, 'ev'),
      '--no-db',
    ];
    expectUserError(await runCli(evaluate), 'generation.json');
    expectUserError(
      await runCli(['run', '--resume', badMeta, '--allow-code-execution']),
      'generation.json',
    );
    // the journal is the work: it is still there, untouched, for a fixed file to resume from
    expect(await readFile(join(badMeta, 'generations.journal.jsonl'), 'utf8')).toBe(
      await readFile(join(gen, 'generations.journal.jsonl'), 'utf8'),
    );
    // as the hint says: without the damaged file, the samples are scored
    await rm(join(badMeta, 'generation.json'));
    const scored = await runCli(evaluate);
    expect(scored.code, scored.stderr).toBe(0);
  }, 120_000);

  it('an output file or run store named as an existing folder (report -o, compare --json, --db) is refused before the work', async () => {
    const db = join(dir, 'store.db');
    const folder = join(dir, 'a-folder');
    await mkdir(folder);
    for (const args of [
      ['report', finished, '-o', folder, '--db', db],
      ['compare', finished, finished, '--json', folder, '--db', db],
    ]) {
      const result = await runCli(args);
      expectUserError(result, 'a-folder: it is a folder, not a file');
    }
    // --db naming a folder was "disk I/O error", with a hint that no runs were recorded there
    const runs = await runCli(['runs', '--db', folder]);
    expectUserError(runs, 'a-folder is a folder, not a file');
    expect(runs.stderr).toContain(`--db ${join(folder, 'passk.db')}`);
  }, 120_000);
});
