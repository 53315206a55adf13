import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_FILE } from '../../src/generation/journal.js';
import { runCli, runCliWithFileLimit, tempDir } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/cli-in-process.js';
import {
  journalLines,
  keysOf,
  readJson,
  resultLines,
  TOY_PROBLEMS,
  toyRunArgs,
  toyServers,
  toyText,
} from '../helpers/toy-model.js';

/** Generation flags, counters and the journal under a full disk, through the CLI. */

const serve = toyServers();

async function expectAllPassed(out: string, pairs: number) {
  const results = await resultLines(out);
  expect(new Set(keysOf(results)).size).toBe(pairs);
  expect(results).toHaveLength(pairs);
  expect(results.filter((r) => r.status !== 'passed')).toEqual([]);
}

describe('generation flags (issue 12.7)', () => {
  it('sends --extra-body, --header and the key from --api-key-env, and records --label', async () => {
    const server = await serve();
    const out = await tempDir();
    const result = await runCli(
      toyRunArgs([server.baseUrl], out, [
        '--extra-body',
        '{"top_k": 20, "repetition_penalty": 1.05, "n": 99}',
        '--header',
        'X-Team: evals',
        '--header',
        'X-Run: 7',
        '--api-key-env',
        'MY_TEST_KEY',
        '--label',
        'nightly',
      ]),
      { MY_TEST_KEY: 'sk-test-123' },
    );
    expect(result.code, result.stderr).toBe(0);
    const request = server.requests[0]!;
    expect(request.body).toMatchObject({ top_k: 20, repetition_penalty: 1.05, n: 3 });
    expect(request.headers['x-team']).toBe('evals');
    expect(request.headers['x-run']).toBe('7');
    expect(request.authorization).toBe('Bearer sk-test-123');
    expect((await readJson(out, 'generation.json')).label).toBe('nightly');
    expect((await readJson(out, 'run.json')).generation.label).toBe('nightly');
    // the key itself is never written to the run directory
    expect(await readFile(join(out, 'run-config.json'), 'utf8')).not.toContain('sk-test-123');
  });

  it('refuses a bad --extra-body, an unset --api-key-env and a bad --header in one line', async () => {
    const server = await serve();
    for (const [flags, message] of [
      [['--extra-body', '[1]'], /--extra-body must be a JSON object/],
      [['--extra-body', '{top_k: 1}'], /--extra-body is not valid JSON/],
      [['--api-key-env', 'PASSK_NO_SUCH_VAR'], /PASSK_NO_SUCH_VAR is not set/],
      [['--header', 'no colon'], /--header 'no colon' is not NAME:VALUE/],
    ] as const) {
      // refused before any request: main() in this process (runCliInProcess)
      const args = toyRunArgs([server.baseUrl], await tempDir(), [...flags]);
      const result = await runCliInProcess(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('removes <think> blocks before extracting code and counts reasoning tokens apart', async () => {
    // the draft inside <think> returns None: scoring it would fail every problem
    const server = await serve({ text: toyText(true) });
    const out = await tempDir();
    const result = await runCli(toyRunArgs([server.baseUrl], out, ['--chat']));
    expect(result.code, result.stderr).toBe(0);
    await expectAllPassed(out, TOY_PROBLEMS * 3);
    const lines = await journalLines(out);
    expect(lines.every((l) => l.raw?.startsWith('<think>'))).toBe(true);
    expect(lines.every((l) => !l.program.includes('return None'))).toBe(true);
    expect(lines.every((l) => (l.reasoningTokens ?? 0) > 0)).toBe(true);
    const totals = (await readJson(out, 'generation.json')).totals;
    expect(totals.reasoningTokens).toBeGreaterThan(0);
    expect(totals.reasoningTokens).toBeLessThan(totals.tokensOut);
  });

  it('keeps reasoning_content deltas out of the answer and counts them', async () => {
    const server = await serve({ reasoningContent: 'Let me think about x. It is easy.' });
    const out = await tempDir();
    const result = await runCli(toyRunArgs([server.baseUrl], out, ['--chat', '--no-server-n']));
    expect(result.code, result.stderr).toBe(0);
    await expectAllPassed(out, TOY_PROBLEMS * 3);
    const lines = await journalLines(out);
    expect(lines.every((l) => !l.raw?.includes('Let me think'))).toBe(true);
    expect(lines.every((l) => l.reasoningTokens === 8)).toBe(true);
  });
});

describe('visibility (issue 12.6)', () => {
  it('survives the stream_options race: every in-flight request falls back, none fails', async () => {
    const server = await serve({
      pieceDelayMs: 30,
      fault: ({ body }) =>
        body['stream_options'] === undefined
          ? undefined
          : { kind: 'status', status: 400, message: 'unknown field: stream_options' },
    });
    const out = await tempDir();
    const result = await runCli(toyRunArgs([server.baseUrl], out, ['--no-server-n']));
    expect(result.code, result.stderr).toBe(0);
    await expectAllPassed(out, TOY_PROBLEMS * 3);
    expect(result.stderr).not.toContain('token limit'); // answers that stop: no warning
    const run = await readJson(out, 'run.json');
    expect(run.generation.fallbacks).toEqual({ stream_options: 1 });
    expect(run.generation.failed_samples).toBe(0);
    // several requests were in flight with stream_options when the first was refused
    const refused = server.requests.filter((r) => r.body['stream_options'] !== undefined);
    expect(refused.length).toBeGreaterThan(1);
    expect(run.generation.retries['stream-options']).toBe(refused.length);
  });

  it('prints a progress line off a terminal and counts length cut-offs and ignored n', async () => {
    const server = await serve({ ignoreN: true, pieceDelayMs: 100 });
    const out = await tempDir();
    const result = await runCli(
      toyRunArgs([server.baseUrl], out, [
        '--max-new-tokens',
        '2',
        '--progress-interval',
        '0.2',
        '--concurrency',
        '2',
      ]),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/passk: generating \d+\/12 .* retries · .* ETA/);
    const run = await readJson(out, 'run.json');
    expect(run.generation.finish_reasons).toEqual({ length: 12 });
    expect(run.generation.fallbacks.ignored_n).toBeGreaterThanOrEqual(1);
    expect(result.stdout).toContain('12 samples cut at --max-new-tokens');
    // most answers cut: a warning on stderr naming the flag (above LENGTH_CUT_WARNING_SHARE)
    expect(result.stderr).toContain(
      'passk: warning: 12 of 12 answers (100 %) ended at the token limit (finish_reason length): they are probably cut short; raise --max-new-tokens (2 in this run)\n',
    );
    const results = await resultLines(out);
    expect(new Set(keysOf(results)).size).toBe(12);
  });
});

describe('journal on a full disk (issue 12.8)', () => {
  it('reports it in one line, keeps only whole lines, and a resume completes the run', async () => {
    const server = await serve();
    const out = await tempDir();
    const env = { PASSK_CACHE_DIR: await tempDir() };
    const args = toyRunArgs([server.baseUrl], out, [
      '--n-samples',
      '10',
      '--no-server-n',
      '--concurrency',
      '1',
      '--no-cache',
    ]);
    const full = await runCliWithFileLimit(args, 4, env);
    expect(full.code).toBe(1);
    expect(full.stderr).toMatch(
      /^passk: error: cannot write .*generations\.journal\.jsonl: the file size limit was reached \(EFBIG\)$/m,
    );
    expect(full.stderr).not.toContain('internal error');
    const text = await readFile(join(out, JOURNAL_FILE), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const before = text.trim().split('\n');
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThan(40);
    for (const line of before) expect(() => JSON.parse(line)).not.toThrow();

    const resumed = await runCli(['run', '--resume', out, '--allow-code-execution'], env);
    expect(resumed.code, resumed.stderr).toBe(0);
    const lines = await journalLines(out);
    expect(lines).toHaveLength(40);
    expect(new Set(lines.map((l) => `${l.problemId}#${l.sample}`)).size).toBe(40);
    await expectAllPassed(out, 40);
  });
});
