import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import type { Fault, ReceivedRequest } from '../helpers/fake-openai-server.js';
import {
  journalLines,
  keysOf,
  passAt1,
  readJson,
  resultLines,
  TOY_PROBLEMS,
  toyRunArgs,
  toyServers,
  toyText,
} from '../helpers/toy-model.js';

/**
 * More server faults through the CLI (the fault matrix itself is test/generation/openai-faults):
 * a run through a mix of them scores only finished samples, a sample the provider filtered is
 * left out of n and filled by --resume, and stop sequences a server ignores are applied by
 * passk. The toy model is always right, so any server error scored as a sample would pull
 * pass@1 below 1. --retry-delay 0 keeps the retries from sleeping.
 */

const serve = toyServers();
const N = 3;
const PAIRS = TOY_PROBLEMS * N;

/** The first attempt of each request gets the next fault of `faults` (cycling); retries succeed. */
function firstAttemptsFail(faults: readonly Fault[]) {
  const seen = new Set<string>();
  let requests = 0;
  return ({ body }: ReceivedRequest): Fault | undefined => {
    const key = JSON.stringify([body['prompt'], body['messages'], body['seed']]);
    if (seen.has(key)) return undefined;
    seen.add(key);
    return faults[requests++ % faults.length];
  };
}

const page = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
const errorBody = { error: { message: 'injected: engine failed', code: 500 } };

/** Faults that look alike in plain and streamed answers, each with its retry cause. */
const MIX: [Fault, string][] = [
  [
    { kind: 'raw', status: 502, headers: { 'content-type': 'text/html' }, chunks: [page('502')] },
    'http-502',
  ],
  [{ kind: 'raw', headers: { 'content-type': 'text/html' }, chunks: [page('Sign in')] }, 'html'],
  [{ kind: 'rewrite', body: () => errorBody, event: () => errorBody }, 'error-event'],
  [{ kind: 'status', status: 425 }, 'http-425'],
  [{ kind: 'trickle', everyMs: 50 }, 'idle-timeout'],
];

describe('a run through a mix of server faults', () => {
  it.each([
    ['completions, stream', ['--no-server-n']],
    ['chat, plain', ['--no-server-n', '--chat', '--no-stream']],
    ['completions, plain, n = 3 per request', ['--no-stream']],
  ])('%s: every pair once, only finished samples scored', async (name, extra) => {
    const server = await serve({ fault: firstAttemptsFail(MIX.map(([fault]) => fault)) });
    const out = await tempDir();
    const args = ['--retry-delay', '0', '--request-timeout', '1', ...extra];
    const result = await runCli(toyRunArgs([server.baseUrl], out, args));
    expect(result.code, result.stderr).toBe(0);
    const results = await resultLines(out);
    expect(new Set(keysOf(results)).size).toBe(PAIRS);
    expect(results).toHaveLength(PAIRS);
    expect(results.every((r) => r.status === 'passed')).toBe(true);
    const metrics = await readJson(out, 'metrics.json');
    expect(passAt1(metrics)).toBe(1);
    const run = await readJson(out, 'run.json');
    expect(run.generation.failed_samples).toBe(0);
    // one first attempt per pair failed, each counted under its own cause
    const retries = run.generation.retries as Record<string, number>;
    const requests = name.includes('n = 3') ? TOY_PROBLEMS : PAIRS;
    expect(Object.values(retries).reduce((a, b) => a + b, 0)).toBe(requests);
    const causes = MIX.map(([, cause]) => cause).slice(0, requests);
    expect(Object.keys(retries).sort()).toEqual([...new Set(causes)].sort());
    // retries are logged, with the delay --retry-delay 0 gives (Retry-After absent)
    expect(result.stderr).toMatch(/passk: retrying in 0\.0 s \(1 so far\)/);
  });
});

describe('a sample the provider filtered', () => {
  it('is not scored, leaves pass@1 unreported, and --resume fills it', async () => {
    let filter = true;
    const server = await serve({
      fault: ({ body }) =>
        filter && String(body['prompt']).includes('def neg(')
          ? {
              kind: 'rewrite',
              body: (b) => ({
                ...b,
                choices: b.choices.map((c) => ({ ...c, finish_reason: 'content_filter' })),
              }),
              event: (e) => ({
                ...e,
                choices: e.choices.map((c) =>
                  c['finish_reason'] ? { ...c, finish_reason: 'content_filter' } : c,
                ),
              }),
            }
          : undefined,
    });
    const out = await tempDir();
    const first = await runCli(toyRunArgs([server.baseUrl], out, ['--no-server-n', '--k', '1']));
    expect(first.stderr).toContain(`${N} samples failed generation for good`);
    expect(first.code, first.stderr).toBe(1); // samples missing: not a success
    expect(first.stderr).toContain('first: http://127.0.0.1');
    expect(first.stderr).toContain("finish_reason 'content_filter'");
    expect(first.stderr).not.toContain('sandbox failure'); // the sandbox never saw them
    const run = await readJson(out, 'run.json');
    expect(run.generation.failed_samples).toBe(N);
    expect(run.generation.retries).toEqual({}); // asking again would only filter the draws
    const results = await resultLines(out);
    const unscored = results.filter((r) => r.status === 'infra-error');
    expect(unscored.map((r) => r.task_id)).toEqual(Array(N).fill('toy/neg'));
    expect(unscored.every((r) => r.error_type === 'RequestFailed')).toBe(true);
    const metrics = await readJson(out, 'metrics.json');
    expect(metrics.samples).toBe(PAIRS - N);
    expect(metrics[metrics.config.task]).toEqual({}); // no pass@1 over a problem with n = 0
    expect(metrics.skipped_k[0].reason).toContain('toy/neg');

    filter = false;
    const requestsBefore = server.requests.length;
    const resumed = await runCli(['run', '--resume', out, '--allow-code-execution']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(server.requests.length - requestsBefore).toBe(N); // only the failed samples
    const after = await resultLines(out);
    expect(after).toHaveLength(PAIRS);
    expect(after.every((r) => r.status === 'passed')).toBe(true);
    expect(passAt1(await readJson(out, 'metrics.json'))).toBe(1);
  });
});

describe('one sample of a problem failing for good', () => {
  it('counts that problem at the n it has: pass@1 over 2 samples, pass@3 not reported', async () => {
    // one seed of toy/neg always gets a 503 (the other two samples of toy/neg answer)
    let doomed: unknown;
    const server = await serve({
      fault: ({ body }) => {
        if (!String(body['prompt']).includes('def neg(')) return undefined;
        doomed ??= body['seed'];
        return body['seed'] === doomed ? { kind: 'status', status: 503 } : undefined;
      },
    });
    const out = await tempDir();
    const args = ['--no-server-n', '--k', '1,3', '--max-retries', '2', '--retry-delay', '0'];
    const result = await runCli(toyRunArgs([server.baseUrl], out, args));
    expect(result.stderr).toContain('1 samples failed generation for good');
    const metrics = await readJson(out, 'metrics.json');
    const neg = metrics.per_problem.find((p: { task_id: string }) => p.task_id === 'toy/neg');
    expect(neg).toMatchObject({ n: N - 1, c: N - 1 });
    expect(passAt1(metrics)).toBe(1);
    expect(metrics[metrics.config.task]['pass@3']).toBeUndefined();
    expect(metrics.skipped_k).toEqual([{ k: 3, reason: expect.stringContaining('toy/neg') }]);
    const run = await readJson(out, 'run.json');
    expect(run.generation.gave_up).toEqual({ 'http-503': 1 });
    expect(run.generation.retries).toEqual({ 'http-503': 2 }); // --max-retries 2, then given up
  });
});

describe('stop sequences the server ignores', () => {
  // after the stop sequence, a line that fails at import: only a cut program passes
  const text = toyText();
  it.each([
    ['stream', []],
    ['plain', ['--no-stream']],
  ])('%s: passk cuts at the earliest stop itself', async (_, extra) => {
    const server = await serve({
      honourStop: false,
      text: (context) => text(context).replace('\ndef helper', '\nprint(boom)\ndef helper'),
    });
    const out = await tempDir();
    const result = await runCli(toyRunArgs([server.baseUrl], out, extra));
    expect(result.code, result.stderr).toBe(0);
    expect(passAt1(await readJson(out, 'metrics.json'))).toBe(1);
    const lines = await journalLines(out);
    expect(lines).toHaveLength(PAIRS);
    expect(lines.some((l) => l.program.includes('boom'))).toBe(false);
    // the plain answer kept what the server sent past the stop (raw), the program does not
    if (extra.length > 0) expect(lines.every((l) => l.raw?.includes('print(boom)'))).toBe(true);
  });
});

describe('a server that lacks the feature', () => {
  it('HTTP 501 stops the run with one line instead of failing every sample', async () => {
    const server = await serve({
      fault: () => ({ kind: 'status', status: 501, message: 'n > 1 is not supported' }),
    });
    const out = await tempDir();
    const result = await runCli(toyRunArgs([server.baseUrl], out, ['--retry-delay', '0']));
    expect(result.code).not.toBe(0);
    const errors = result.stderr.split('\n').filter((l) => l.startsWith('passk: error:'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/HTTP 501: n > 1 is not supported/);
    expect(server.requests.length).toBeLessThanOrEqual(8); // the requests in flight, no retries
  });
});
