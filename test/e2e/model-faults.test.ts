import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import {
  type FakeServerOptions,
  type Fault,
  type ReceivedRequest,
  startFakeOpenAIServer,
} from '../helpers/fake-openai-server.js';
import {
  journalLines,
  keysOf,
  passAt1,
  readJson,
  resultLines,
  TOY_PROBLEMS,
  toyRunArgs,
  toyServers,
  toyTask,
  toyText,
} from '../helpers/toy-model.js';

/**
 * Fault injection against passk's CLI: a local OpenAI-protocol server misbehaves the way vLLM,
 * SGLang and hosted APIs do, and every case must end either with each (problem, sample) pair
 * present exactly once and a score from finished samples only, or with a one-line error and a
 * non-zero exit code. The toy model is always right, so any partial answer that got scored
 * would pull pass@1 below 1.
 */

const serve = toyServers();

/** A base URL nothing listens on (a dead replica). */
async function deadUrl(): Promise<string> {
  const server = await startFakeOpenAIServer();
  await server.close();
  return server.baseUrl;
}

/**
 * Deterministic faults: the first attempt of some requests fails (kind chosen by `pick`), every
 * retry of the same request succeeds, so no sample can run out of retries by bad luck.
 */
function firstAttemptFails(pick: (request: number) => Fault | undefined) {
  const seen = new Map<string, number>();
  let requests = 0;
  return ({ body }: ReceivedRequest): Fault | undefined => {
    const key = JSON.stringify([body['prompt'], body['messages'], body['seed']]);
    const attempt = seen.get(key) ?? 0;
    seen.set(key, attempt + 1);
    return attempt === 0 ? pick(requests++) : undefined;
  };
}

const N = 3;
const PAIRS = TOY_PROBLEMS * N;

/** The run finished: every pair once in results and journal, score from finished samples. */
async function expectScored(out: string, failed = 0) {
  const results = await resultLines(out);
  expect(new Set(keysOf(results)).size).toBe(PAIRS);
  expect(results).toHaveLength(PAIRS);
  const unscored = results.filter((r) => r.status === 'infra-error');
  expect(unscored).toHaveLength(failed);
  expect(unscored.every((r) => r.error_type === 'RequestFailed')).toBe(true);
  const metrics = await readJson(out, 'metrics.json');
  expect(metrics.samples).toBe(PAIRS - failed);
  const scored = results.filter((r) => r.status !== 'infra-error');
  expect(scored.every((r) => r.status === 'passed')).toBe(true);
  return { metrics, run: await readJson(out, 'run.json') };
}

/** One `passk: error:` line (plus its hint), no stack trace, non-zero exit. */
function expectOneLineError(result: { code: number | null; stderr: string }, pattern: RegExp) {
  expect(result.code).not.toBe(0);
  expect(result.code).not.toBe(70);
  const errors = result.stderr.split('\n').filter((l) => l.startsWith('passk: error:'));
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('error events and missing finish reasons (issue 12.1)', () => {
  it('retries a stream that ends in an error event and never scores its partial text', async () => {
    const server = await serve({
      fault: firstAttemptFails((i) => (i % 3 === 1 ? undefined : { kind: 'error-event' })),
    });
    const out = await tempDir();
    const result = await runCli(toyRunArgs([server.baseUrl], out, ['--no-server-n']));
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const { metrics, run } = await expectScored(out);
    expect(passAt1(metrics)).toBe(1);
    expect(run.generation.retries['error-event']).toBe(8);
    expect(run.generation.failed_samples).toBe(0);
    expect(result.stdout).toMatch(/retries: \d+ \(error-event \d+\)/);
  });

  it('retries plain and streamed answers without a finish_reason, chat and completions', async () => {
    for (const [api, stream] of [
      ['--chat', '--no-stream'],
      ['--chat', '--batch-size=8'],
      ['--no-stream', '--batch-size=8'],
    ] as const) {
      const server = await serve({
        fault: firstAttemptFails((i) =>
          i % 2 === 0
            ? { kind: 'no-finish-reason' }
            : i % 4 === 1
              ? { kind: 'error-event' }
              : undefined,
        ),
      });
      const out = await tempDir();
      const extra = [api, stream, '--no-server-n'].filter((a) => a.startsWith('--'));
      const result = await runCli(toyRunArgs([server.baseUrl], out, extra));
      expect(result.code, result.stderr).toBe(0);
      const { metrics, run } = await expectScored(out);
      expect(passAt1(metrics)).toBe(1);
      expect(run.generation.retries['no-finish-reason']).toBeGreaterThan(0);
    }
  });

  it('after the retries, a failed sample is not scored and the run says so', async () => {
    // every request for toy/neg fails; the other problems answer
    const server = await serve({
      fault: ({ body }) =>
        String(body['prompt']).includes('def neg(') ? { kind: 'error-event' } : undefined,
    });
    const out = await tempDir();
    const result = await runCli(
      toyRunArgs([server.baseUrl], out, ['--no-server-n', '--max-retries', '1', '--k', '1']),
    );
    expect(result.stderr).toContain('3 samples failed generation for good');
    // an incomplete run is not a success for scripts: exit 1 and one line saying how to finish
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(
      `passk: ${N} samples are missing (requests that failed after every retry); passk run --resume ${out} --allow-code-execution completes them\n`,
    );
    const { metrics, run } = await expectScored(out, N);
    expect(run.generation.failed_samples).toBe(N);
    expect(run.generation.gave_up['error-event']).toBe(N);
    expect(metrics.per_problem.find((p: { task_id: string }) => p.task_id === 'toy/neg').n).toBe(0);
    // pass@1 cannot be reported over a problem with no scored sample: said, not invented
    expect(metrics[metrics.config.task]).toEqual({});
    expect(metrics.skipped_k[0].reason).toContain('toy/neg');
    expect(result.stdout).toContain(`(${N} failed)`);
  });

  it('scoring a generation-only run with failed samples later is incomplete too (exit 1)', async () => {
    const server = await serve({
      fault: ({ body }) =>
        String(body['prompt']).includes('def neg(') ? { kind: 'error-event' } : undefined,
    });
    const generated = await tempDir();
    const only = ['--no-server-n', '--max-retries', '1', '--generation-only'];
    const first = await runCli(toyRunArgs([server.baseUrl], generated, only));
    expect(first.code, first.stderr).toBe(1);
    expect(first.stderr).toContain(`passk run --resume ${generated} completes them\n`);
    const out = await tempDir();
    const scored = await runCli([
      'evaluate',
      ...['--task', toyTask, '--generations', generated, '--output-dir', out, '--no-db'],
      '--allow-code-execution',
    ]);
    // the generations' failed samples are missing from this score as well: not a success
    expect(scored.code, scored.stderr).toBe(1);
    expect(scored.stderr).toContain(
      `passk: ${N} samples are missing (requests that failed after every retry); passk run --resume ${generated} completes them; then score them with the same command with --overwrite\n`,
    );
    await expectScored(out, N);
  });
});

describe('start-up check (issue 12.3)', () => {
  it('retries GET /models through a 503 and then runs', async () => {
    const server = await serve({
      modelsFault: (i) => (i === 0 ? { kind: 'status', status: 503 } : undefined),
    });
    const out = await tempDir();
    const result = await runCli(toyRunArgs([server.baseUrl], out));
    expect(result.code, result.stderr).toBe(0);
    expect(server.modelListings).toBe(2);
    await expectScored(out);
  });

  it('fails fast with one line for a dead server, leaving no run directory', async () => {
    const out = join(await tempDir(), 'run');
    const started = Date.now();
    const result = await runCli(toyRunArgs([await deadUrl()], out, ['--request-timeout', '2']));
    expectOneLineError(result, /cannot reach the model server: http:\/\/.*\/models: ECONNREFUSED/);
    // nothing listens there: one attempt, not the retry schedule (issue 29)
    expect(result.stderr).not.toMatch(/retrying/);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(existsSync(out)).toBe(false);
  });

  it('honours --request-timeout on the start-up check of a hanging server', async () => {
    const server = await serve({ modelsFault: () => ({ kind: 'hang' }) });
    const out = join(await tempDir(), 'run');
    const result = await runCli(
      toyRunArgs([server.baseUrl], out, ['--max-retries', '1', '--request-timeout', '0.5']),
    );
    expectOneLineError(result, /no bytes received for 500 ms/);
    // The CLI gave up on the hanging request and exited; this process may not have read that
    // request yet when the exit is seen (a loaded machine): wait for it.
    await expect.poll(() => server.modelListings).toBe(2);
  });

  it('refuses a base URL without a scheme, naming it', async () => {
    const out = join(await tempDir(), 'run');
    const result = await runCli(toyRunArgs(['localhost:8000'], out));
    expectOneLineError(result, /--base-url 'localhost:8000' has no scheme/);
    expect(result.stderr).toContain('http://localhost:8000');
  });

  it('stops at the first systematic 4xx (too many stops) and works with --server-stop-limit', async () => {
    const server = await serve({ maxStops: 4 });
    const out = await tempDir();
    const refused = await runCli(toyRunArgs([server.baseUrl], out, ['--no-server-n']));
    expectOneLineError(refused, /HTTP 400: 'stop' must have at most 4 items/);
    expect(refused.stderr).toContain('--server-stop-limit');
    // the run stopped at once instead of failing every sample
    expect(server.requests.length).toBeLessThanOrEqual(8);
    const out2 = await tempDir();
    const limited = await runCli(toyRunArgs([server.baseUrl], out2, ['--server-stop-limit', '4']));
    expect(limited.code, limited.stderr).toBe(0);
    expect(server.requests.at(-1)?.body['stop']).toHaveLength(4);
    await expectScored(out2);
  });
});

describe('replicas (issue 12.2)', () => {
  it('routes around a dead replica given with a repeated --base-url', async () => {
    const live = await serve();
    const dead = await deadUrl();
    const out = await tempDir();
    const result = await runCli(
      toyRunArgs([dead, live.baseUrl], out, ['--no-server-n', '--n-samples', '10']),
    );
    expect(result.code, result.stderr).toBe(0);
    const results = await resultLines(out);
    expect(new Set(keysOf(results)).size).toBe(TOY_PROBLEMS * 10);
    expect(results.every((r) => r.status === 'passed')).toBe(true);
    const run = await readJson(out, 'run.json');
    const deadReplica = run.generation.replicas.find((r: { url: string }) => r.url === dead);
    // found dead by the start-up check: only backoff probes reach it, never most of the load
    expect(deadReplica.breakerOpened).toBeGreaterThanOrEqual(1);
    expect(deadReplica.requests).toBeLessThan(10);
    expect(live.requests).toHaveLength(TOY_PROBLEMS * 10);
    expect(result.stderr).toContain(`${dead} is failing`);
  });

  it('stops sending to a replica that dies mid-run', async () => {
    const a = await serve({ pieceDelayMs: 5 });
    const b = await serve({
      pieceDelayMs: 5,
      fault: ({ index }) => (index >= 2 ? { kind: 'reset' } : undefined),
    });
    const out = await tempDir();
    const result = await runCli(
      toyRunArgs([a.baseUrl, b.baseUrl], out, ['--no-server-n', '--n-samples', '10']),
    );
    expect(result.code, result.stderr).toBe(0);
    const results = await resultLines(out);
    expect(new Set(keysOf(results)).size).toBe(TOY_PROBLEMS * 10);
    expect(results.every((r) => r.status === 'passed')).toBe(true);
    const run = await readJson(out, 'run.json');
    const dead = run.generation.replicas.find((r: { url: string }) => r.url === b.baseUrl);
    expect(dead.breakerOpened).toBeGreaterThanOrEqual(1);
    // the batch in flight when it died, then only probes: not the bulk of 40 samples
    expect(b.requests.length).toBeLessThan(20);
    expect(run.generation.failed_samples).toBe(0);
  });

  it('accepts a comma list and stops with one line when every replica stays down', async () => {
    let down = false;
    const a = await serve({ fault: () => (down ? { kind: 'reset' } : undefined) });
    const b = await serve({ fault: () => (down ? { kind: 'status', status: 502 } : undefined) });
    setTimeout(() => {
      down = true;
    }, 0);
    const out = await tempDir();
    const result = await runCli(
      toyRunArgs([`${a.baseUrl},${b.baseUrl}`], out, ['--no-server-n', '--max-outage', '3']),
    );
    expectOneLineError(result, /every model server replica has been failing for \d+ s/);
    expect(result.stderr).toContain('all 2 model server replica(s) are failing');
    // nothing half-done: whatever finished is in the journal once
    const lines = await journalLines(out);
    expect(new Set(lines.map((l) => `${l.problemId}#${l.sample}`)).size).toBe(lines.length);
  });
});

describe('timeouts (issue 12.4)', () => {
  it('lets a slow stream that keeps sending finish; retries one that goes idle', async () => {
    const server = await serve({
      fault: ({ index }) =>
        index === 0 ? { kind: 'stall-mid-stream' } : { kind: 'slow', pieceDelayMs: 150 }, // ≥ 1.2 s in all, never 1 s silent
    });
    const out = await tempDir();
    const result = await runCli(
      toyRunArgs([server.baseUrl], out, ['--request-timeout', '1', '--n-samples', '1']),
    );
    expect(result.code, result.stderr).toBe(0);
    const run = await readJson(out, 'run.json');
    expect(run.generation.retries).toEqual({ 'idle-timeout': 1 });
    const results = await resultLines(out);
    expect(results.filter((r) => r.status === 'passed')).toHaveLength(TOY_PROBLEMS);
  });

  it('--total-timeout caps a whole attempt', async () => {
    const server = await serve({
      fault: ({ index }) => (index === 0 ? { kind: 'slow', pieceDelayMs: 400 } : undefined),
    });
    const out = await tempDir();
    const result = await runCli(
      toyRunArgs([server.baseUrl], out, ['--total-timeout', '1', '--n-samples', '1']),
    );
    expect(result.code, result.stderr).toBe(0);
    expect((await readJson(out, 'run.json')).generation.retries).toEqual({ 'total-timeout': 1 });
  });
});

describe('served model identity (issue 12.5)', () => {
  it('records the served model per sample and refuses to resume against another model', async () => {
    const options: FakeServerOptions = { text: toyText(), modelName: 'coder-a' };
    const server = await serve(options);
    const out = await tempDir();
    const first = await runCli(toyRunArgs([server.baseUrl], out, ['--n-samples', '2']));
    expect(first.code, first.stderr).toBe(0);
    const lines = await journalLines(out);
    expect(lines).toHaveLength(TOY_PROBLEMS * 2);
    expect(lines.every((l) => l.model === 'coder-a')).toBe(true);
    // the server is restarted with another model; the run grows to 3 samples per problem
    options.modelName = 'coder-b';
    const resume = ['run', '--resume', out, '--n-samples', '3', '--allow-code-execution'];
    const refused = await runCli(resume);
    expectOneLineError(
      refused,
      /generated with model 'coder-a', but the server now serves 'coder-b'/,
    );
    expect(await journalLines(out)).toHaveLength(TOY_PROBLEMS * 2);
    options.modelName = 'coder-a';
    const again = await runCli(resume);
    expect(again.code, again.stderr).toBe(0);
    await expectScored(out);
  });
});
