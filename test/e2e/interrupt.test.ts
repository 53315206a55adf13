import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/index.js';
import { cliEntry, repoRoot, runCli, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';
import { journalLines, TOY_PROBLEMS, toyRunArgs, toyServers } from '../helpers/toy-model.js';

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

describe('Ctrl-C in passk run', () => {
  const serve = toyServers();

  /** Children of `pid`, as pgrep sees them (none: pgrep exits 1). */
  function childrenOf(pid: number): number[] {
    try {
      return execFileSync('pgrep', ['-P', String(pid)])
        .toString()
        .trim()
        .split('\n')
        .map(Number);
    } catch {
      return [];
    }
  }

  /**
   * Whether a program is running under `pid`: the sandbox's warm worker (worker.py, under one or
   * two bwrap processes) forks one child per program, so a worker.py whose parent is a worker.py
   * is a program under test. Earlier processes (toolchain checks, the worker itself) are not.
   */
  function programRunning(pid: number): boolean {
    const isWorker = (p: number) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('worker.py');
      } catch {
        return false; // gone already
      }
    };
    const walk = (p: number): boolean =>
      childrenOf(p).some((c) => (isWorker(p) && isWorker(c)) || walk(c));
    return walk(pid);
  }

  function started(args: string[]) {
    const child = spawn(process.execPath, [...cliEntry(), ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = { stdout: '', stderr: '' };
    child.stdout.on('data', (c: Buffer) => {
      output.stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output.stderr += c.toString();
    });
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    return { child, output, exited };
  }

  it('the second Ctrl-C while programs run quits at once with 130, nothing more written', async () => {
    // every sample sleeps in its tests: scoring is still running when the signals come
    const server = await serve({
      text: () => '    import time\n    time.sleep(60)\n    return x\n',
    });
    const out = join(await tempDir(), 'out');
    const args = toyRunArgs([server.baseUrl], out, [
      ...['--workers', '1', '--timeout', '120', '--no-cache', '--skip-preflight'],
    ]);
    const { child, output, exited } = started(args);
    while (!programRunning(child.pid!)) await sleep(100);
    child.kill('SIGINT');
    while (!output.stderr.includes('interrupted')) await sleep(50);
    child.kill('SIGINT');
    const code = await exited;
    expect(output.stderr).not.toContain('internal error');
    expect(code, output.stderr).toBe(130);
    expect(output.stderr).toContain('passk: stopped; nothing more was saved');
    await expect(readFile(join(out, 'metrics.json'), 'utf8')).rejects.toThrow();
  });

  it('a Ctrl-C during generation keeps the answers in flight, exits 130, and --resume finishes', async () => {
    // one request at a time, each slow: the signal comes while the first is answered
    const options = { pieceDelayMs: 1500 };
    const server = await serve(options);
    const out = join(await tempDir(), 'out');
    const args = toyRunArgs([server.baseUrl], out, [
      ...['--concurrency', '1', '--no-server-n', '--no-cache', '--skip-preflight'],
    ]);
    const { child, output, exited } = started(args);
    while (server.requests.length === 0) await sleep(50);
    child.kill('SIGINT');
    const code = await exited;
    expect(output.stderr).not.toContain('internal error');
    expect(code, output.stderr).toBe(130);
    expect(output.stdout).toContain(
      `stopped by Ctrl-C before every sample was done; continue with: passk run --resume ${out} --allow-code-execution`,
    );
    const kept = await journalLines(out);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept.length).toBeLessThan(3 * TOY_PROBLEMS);
    await expect(readFile(join(out, 'metrics.json'), 'utf8')).rejects.toThrow();
    options.pieceDelayMs = 0;
    const resumed = await runCli(['run', '--resume', out, '--allow-code-execution']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(await journalLines(out)).toHaveLength(3 * TOY_PROBLEMS);
  });
});
