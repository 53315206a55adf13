import { readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteExecutor, evaluate, RemoteExecutorError } from '../../src/index.js';
import { repoRoot, runCli, tempDir } from '../helpers/cli.js';
import { requireData } from '../helpers/data.js';
import { post } from '../helpers/serve.js';
import { metric, type ServeProcess, startServeCli } from '../helpers/serve-cli.js';

const TOKEN = 'remote-executor-test-token-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const PROBLEMS = 12;
const DATA = ['--data-dir', requireData('humaneval/HumanEval.jsonl.gz'), '--offline'];

/** HumanEval's first problems: the reference, a wrong answer and an early exit(0) each. */
function writeSamples(file: string): void {
  const gz = join(requireData('humaneval/HumanEval.jsonl.gz'), 'humaneval/HumanEval.jsonl.gz');
  const problems = gunzipSync(readFileSync(gz))
    .toString()
    .trim()
    .split('\n')
    .slice(0, PROBLEMS)
    .map((line) => JSON.parse(line) as { task_id: string; canonical_solution: string });
  const lines = problems.flatMap((p) => [
    { task_id: p.task_id, completion: p.canonical_solution },
    { task_id: p.task_id, completion: '    return None\n' },
    { task_id: p.task_id, completion: '    import sys\n    sys.exit(0)\n' },
  ]);
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
}

/** A loopback port nothing listens on (it did a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** results.jsonl without its timing fields, in file order. */
function untimed(dir: string): unknown[] {
  return readFileSync(join(dir, 'results.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const { duration_ms: _d, cpu_ms: _c, ...rest } = JSON.parse(line) as Record<string, unknown>;
      return rest;
    });
}

describe('--executor: evaluate on two passk serve processes (loopback, real sandbox)', () => {
  let a: ServeProcess;
  let b: ServeProcess;
  let samples: string;
  let local: unknown[];
  const serveArgs = ['--port', '0', '--allow-code-execution', '--no-cache', '--workers', '1'];

  beforeAll(async () => {
    const dir = await tempDir('passk-remote-');
    samples = join(dir, 'samples.jsonl');
    writeSamples(samples);
    [a, b] = await Promise.all([startServeCli(serveArgs, TOKEN), startServeCli(serveArgs, TOKEN)]);
    const out = join(dir, 'local');
    const run = await runCli([
      'evaluate',
      ...['--task', 'humaneval', '--generations', samples, '--limit', String(PROBLEMS)],
      ...['--allow-code-execution', '--no-cache', '--no-db', '--output-dir', out, ...DATA],
    ]);
    expect(run.code, run.stderr).toBe(0);
    local = untimed(out);
  }, 180_000);
  afterAll(async () => {
    for (const server of [a, b]) server?.child.kill('SIGKILL');
  });

  it('splits a run over both and writes the results a local run writes', async () => {
    const out = join(await tempDir('passk-remote-out-'), 'run');
    const run = await runCli(
      [
        'evaluate',
        ...['--task', 'humaneval', '--generations', samples, '--limit', String(PROBLEMS)],
        ...['--allow-code-execution', '--no-db', '--output-dir', out, ...DATA],
        ...['--executor', `${a.url},${b.url}`],
      ],
      { PASSK_SERVE_TOKEN: TOKEN },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(untimed(out)).toEqual(local);
    expect(local).toHaveLength(PROBLEMS * 3);
    // Both took a share (their own counters), and the run says where it ran.
    for (const server of [a, b]) {
      expect(
        await metric(server.url, TOKEN, 'passk_serve_verdicts_total{endpoint="exec"'),
      ).toBeGreaterThan(0);
    }
    const runJson = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
    expect(runJson.execution.remote).toEqual([a.url, b.url]);
  }, 180_000);

  it('runs a compiled language with an output judge (C++ stdin/stdout) as a local run does', async () => {
    // A wrong program exits 0 (its raw verdict passes): only the judge, here in the client, fails it.
    const task = join(repoRoot, 'test', 'fixtures', 'stdio-problems-cpp.jsonl');
    const rows = readFileSync(task, 'utf8').trim().split('\n');
    const wrong = '#include <iostream>\nint main() { std::cout << 0 << std::endl; }\n';
    const generations = join(await tempDir('passk-remote-cpp-'), 'generations.json');
    writeFileSync(
      generations,
      JSON.stringify(rows.map((row) => [JSON.parse(row).solution as string, wrong])),
    );
    const args = ['evaluate', '--task', task, '--generations', generations];
    const [here, there] = [join(dirname(generations), 'here'), join(dirname(generations), 'there')];
    const [local, remote] = await Promise.all([
      runCli([...args, '--allow-code-execution', '--no-cache', '--no-db', '--output-dir', here]),
      runCli(
        [
          ...args,
          '--allow-code-execution',
          '--no-db',
          '--output-dir',
          there,
          '--executor',
          `${a.url},${b.url}`,
        ],
        { PASSK_SERVE_TOKEN: TOKEN },
      ),
    ]);
    expect(local.code, local.stderr).toBe(0);
    expect(remote.code, remote.stderr).toBe(0);
    expect(untimed(there)).toEqual(untimed(here));
    expect(untimed(here).map((r) => (r as { status: string }).status)).toEqual(
      rows.flatMap(() => ['passed', 'failed']),
    );
  }, 300_000);

  it('finishes with the same results when one server is killed mid-run', async () => {
    const c = await startServeCli(serveArgs, TOKEN);
    const out = join(await tempDir('passk-remote-kill-'), 'run');
    let killed = false;
    const result = evaluate({
      task: 'humaneval',
      candidates: { kind: 'file', path: samples },
      limit: PROBLEMS,
      allowCodeExecution: true,
      db: false,
      outputDir: out,
      dataset: { dataDir: requireData(), offline: true },
      remoteExecutors: { urls: [a.url, c.url], token: TOKEN, retry: { baseDelayMs: 50 } },
    });
    // Killed while it holds a batch: that batch's programs must be run again on the other one.
    while (!killed) {
      if ((await metric(c.url, TOKEN, 'passk_serve_in_flight')) > 0) {
        c.child.kill('SIGKILL');
        killed = true;
      } else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await result;
    expect(await c.exited).toBe(null);
    expect(untimed(out)).toEqual(local);
  }, 180_000);

  it('stops with one line (exit 3) when no server answers, and refuses a wrong token (exit 2)', async () => {
    const out = join(await tempDir('passk-remote-down-'), 'run');
    const args = [
      'evaluate',
      ...['--task', 'humaneval', '--generations', samples, '--limit', '1', '--allow-missing'],
      ...['--allow-code-execution', '--no-db', '--output-dir', out, ...DATA],
    ];
    const down = await runCli([...args, '--executor', `http://127.0.0.1:${await closedPort()}`], {
      PASSK_SERVE_TOKEN: TOKEN,
    });
    expect(down.code, down.stderr).toBe(3);
    expect(down.stderr).toMatch(/^passk: error: cannot reach any remote executor: .*ECONNREFUSED/m);
    const wrong = await runCli([...args, '--executor', a.url], {
      PASSK_SERVE_TOKEN: `${TOKEN}-wrong`,
    });
    expect(wrong.code, wrong.stderr).toBe(2);
    expect(wrong.stderr).toMatch(/answered HTTP 401/);
  }, 120_000);

  it('refuses a client of another passk version, and a server of another', async () => {
    const other = { protocol: 1, passk: '0.0.0-other', engine: 'exec-7' };
    const refused = await post(`${a.url}/exec`, { ...other, jobs: [] }, AUTH);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(
      /^this server runs passk \S+ \(exec protocol 1, engine exec-\d+\); the client runs passk 0\.0\.0-other/,
    );
    // A server that says it is another passk: refused before any program is sent.
    const fake = createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...other, sandbox: 'bwrap', isolation: 'x', workers: 1 }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    try {
      await expect(createRemoteExecutor({ urls: [url] })).rejects.toThrow(
        new RegExp(`^${url} cannot judge for this passk: passk 0\\.0\\.0-other`),
      );
    } finally {
      fake.close();
    }
  });

  it('stops with RemoteExecutorError when every server dies mid-run; the same run again completes it', async () => {
    const c = await startServeCli(serveArgs, TOKEN);
    const out = join(await tempDir('passk-remote-alldown-'), 'run');
    const options = {
      task: 'humaneval',
      candidates: { kind: 'file' as const, path: samples },
      limit: PROBLEMS,
      allowCodeExecution: true,
      db: false as const,
      outputDir: out,
      dataset: { dataDir: requireData(), offline: true },
    };
    const run = evaluate({
      ...options,
      remoteExecutors: {
        urls: [c.url],
        token: TOKEN,
        retry: { baseDelayMs: 20, maxRetries: 2 },
        breaker: { outageLimitMs: 500, baseBackoffMs: 100 },
      },
    });
    while ((await metric(c.url, TOKEN, 'passk_serve_in_flight')) === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    c.child.kill('SIGKILL');
    await expect(run).rejects.toBeInstanceOf(RemoteExecutorError);
    const again = await evaluate({ ...options, remoteExecutors: { urls: [a.url], token: TOKEN } });
    expect(again.results).toHaveLength(PROBLEMS * 3);
    expect(untimed(out)).toEqual(local);
  }, 180_000);
});
