import { execFileSync, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/index.js';
import { cliEntry, repoRoot, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';
import { toyRunArgs, toyServers } from '../helpers/toy-model.js';

const dataDir = requireData('humaneval/HumanEval.jsonl.gz');

/** generations.json for HumanEval/0..problems-1: distinct slow programs (no dedup, no cache). */
async function slowGenerations(dir: string, problems: number, samples: number, seconds: number) {
  const file = join(dir, 'generations.json');
  const lists = Array.from({ length: problems }, (_, p) =>
    Array.from(
      { length: samples },
      (_, s) =>
        `import time\ntime.sleep(${seconds})  # ${p}-${s}\ndef nothing():\n    return None\n`,
    ),
  );
  await writeFile(file, JSON.stringify(lists));
  return file;
}

function cliArgs(generations: string, out: string): string[] {
  return [
    ...cliEntry(),
    'evaluate',
    '--task',
    'humaneval',
    '--generations',
    generations,
    '--limit',
    '3',
    '--workers',
    '1',
    '--timeout',
    '30',
    '--no-cache',
    '--skip-preflight',
    '--no-db',
    '--allow-code-execution',
    '--data-dir',
    dataDir,
    '--output-dir',
    out,
  ];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the CLI, sends SIGINT at each of `at` (ms after start), and waits for its exit. */
async function interrupted(args: string[], at: number[]) {
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  let elapsed = 0;
  for (const ms of at) {
    await sleep(ms - elapsed);
    elapsed = ms;
    child.kill('SIGINT');
  }
  return { code: await exited, stdout, stderr };
}

describe('Ctrl-C during evaluation keeps the work done', () => {
  it('library: a drain lets running programs finish and writes them as a partial run', async () => {
    const dir = await tempDir();
    const generations = await slowGenerations(dir, 3, 2, 1);
    const drain = new AbortController();
    const out = join(dir, 'out');
    const result = await evaluate({
      task: 'humaneval',
      candidates: { kind: 'file', path: generations },
      limit: 3,
      workers: 1,
      timeoutMs: 30_000,
      verdictCache: false,
      preflight: false,
      db: false,
      allowCodeExecution: true,
      dataset: { dataDir },
      outputDir: out,
      drain: drain.signal,
      // Stop as soon as the first verdict is in: the program then running still finishes.
      onEvent: (event) => {
        if (event.type === 'verdict') drain.abort();
      },
    });
    const partial = result.metrics['partial'] as Record<string, number>;
    expect(partial).toMatchObject({ reason: 'interrupted', samples_total: 6, problems_total: 3 });
    expect(partial['samples_judged']).toBeGreaterThanOrEqual(1);
    expect(partial['samples_judged']).toBeLessThan(6);
    const written = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(written.partial).toEqual(partial);
    expect(written.samples).toBe(partial['samples_judged']);
    const lines = (await readFile(join(out, 'results.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(partial['samples_judged']!);
  });

  it('CLI: the first Ctrl-C saves a partial run and exits 130', async () => {
    const dir = await tempDir();
    const generations = await slowGenerations(dir, 3, 2, 4);
    const out = join(dir, 'out');
    const result = await interrupted(cliArgs(generations, out), [8000]);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code).toBe(130);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.partial.reason).toBe('interrupted');
    expect(metrics.partial.samples_judged).toBeLessThan(6);
    expect(result.stdout).toContain('partial results');
  });

  it('CLI: a second Ctrl-C stops at once, exit 130, nothing more written', async () => {
    const dir = await tempDir();
    const generations = await slowGenerations(dir, 3, 2, 20);
    const out = join(dir, 'out');
    const result = await interrupted(cliArgs(generations, out), [8000, 9000]);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('stopped');
    await expect(readFile(join(out, 'metrics.json'), 'utf8')).rejects.toThrow();
  });
});

describe('Ctrl-C while passk run scores its samples', () => {
  const serve = toyServers();

  /** Whether `pid` has started a child process (the executor's first sandbox worker). */
  function hasChildren(pid: number): boolean {
    try {
      return (
        execFileSync('pgrep', ['-P', String(pid)])
          .toString()
          .trim() !== ''
      );
    } catch {
      return false; // pgrep exits 1 when nothing matches
    }
  }

  it('the second Ctrl-C quits with 130 (not an internal error), nothing more written', async () => {
    // every sample sleeps in its tests: scoring is still running when the signals come
    const server = await serve({
      text: () => '    import time\n    time.sleep(60)\n    return x\n',
    });
    const out = join(await tempDir(), 'out');
    const args = toyRunArgs([server.baseUrl], out, [
      ...['--workers', '1', '--timeout', '120', '--no-cache', '--skip-preflight'],
    ]);
    const child = spawn(process.execPath, [...cliEntry(), ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    // generation starts no process; the executor's worker is the sign that scoring began
    while (!hasChildren(child.pid!)) await sleep(100);
    child.kill('SIGINT');
    while (!stderr.includes('interrupted')) await sleep(50);
    child.kill('SIGINT');
    const code = await exited;
    expect(stderr).not.toContain('internal error');
    expect(code, stderr).toBe(130);
    expect(stderr).toContain('passk: stopped; nothing more was saved');
    await expect(readFile(join(out, 'metrics.json'), 'utf8')).rejects.toThrow();
  });
});
