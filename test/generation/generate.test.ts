import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { generate } from '../../src/generation/generate.js';
import { JOURNAL_FILE, readJournal } from '../../src/generation/journal.js';
import { METADATA_FILE } from '../../src/generation/metadata.js';
import { resolveSampling } from '../../src/generation/sampling.js';
import { readSavedGenerations } from '../../src/generation/saved-run.js';
import { deriveSeed } from '../../src/generation/seeds.js';
import type { GenerateOptions, GenerationProgress } from '../../src/generation/types.js';
import {
  createOpenAICompatibleBackend,
  type OpenAICompatibleOptions,
} from '../../src/models/openai/backend.js';
import { LOCK_FILE } from '../../src/store/run-lock.js';
import {
  contextLengthFault,
  type FakeOpenAIServer,
  type FakeServerOptions,
  sampleTag,
  startFakeOpenAIServer,
} from '../helpers/fake-openai-server.js';
import { tinyProblems, tinyTask } from './tiny-task.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function serve(options: FakeServerOptions = {}): Promise<FakeOpenAIServer> {
  const server = await startFakeOpenAIServer(options);
  cleanups.push(() => server.close());
  return server;
}

async function runDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'passk-gen-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function backend(servers: FakeOpenAIServer[], options: Partial<OpenAICompatibleOptions> = {}) {
  return createOpenAICompatibleBackend({
    baseUrls: servers.map((s) => s.baseUrl),
    model: 'fake',
    retry: { baseDelayMs: 1, maxRetries: 2 },
    ...options,
  });
}

const problems = tinyProblems(3);
function options(
  dir: string,
  overrides: Partial<GenerateOptions> & Pick<GenerateOptions, 'backend'>,
): GenerateOptions {
  return {
    task: tinyTask,
    problems,
    sampling: resolveSampling('pass@1', { nSamples: 4, maxNewTokens: 64 }),
    runDir: dir,
    ...overrides,
  };
}

/** Which seed produced a record's text: the fake server writes a tag of (prompt, seed, choice). */
const textOf = (records: { problemId: string; sample: number; raw?: string }[]) =>
  records.map((r) => `${r.problemId}#${r.sample}:${r.raw}`);

describe('generate', () => {
  it('samples every (problem, sample) pair into the journal and generation.json', async () => {
    const server = await serve({ modelName: 'coder-1b' });
    const dir = await runDir();
    const progress: GenerationProgress[] = [];
    const result = await generate(
      options(dir, { backend: backend([server]), onProgress: (p) => progress.push(p) }),
    );
    expect(result.complete).toBe(true);
    expect(result.records.map((r) => `${r.problemId}#${r.sample}`)).toEqual(
      problems.flatMap((p) => [0, 1, 2, 3].map((s) => `${p.id}#${s}`)),
    );
    const first = result.records[0]!;
    const seed = deriveSeed(1234, 'Tiny/0', 0);
    expect(first.program).toBe(
      `${problems[0]!.prompt}    return '${sampleTag(problems[0]!.prompt, seed, 0)}'\n`,
    );
    expect(first).toMatchObject({ seed, finishReason: 'stop' });
    // one request per problem: server-side n carries the 4 samples
    expect(server.requests.map((r) => r.body['n'])).toEqual([4, 4, 4]);
    expect(server.requests[0]?.body['stop']).toEqual(tinyTask.stopSequences);
    const journal = await readJournal(join(dir, JOURNAL_FILE));
    expect(journal.records).toHaveLength(12);
    const metadata = JSON.parse(await readFile(join(dir, METADATA_FILE), 'utf8'));
    expect(metadata).toMatchObject({
      complete: true,
      nSamples: 4,
      fingerprint: { temperature: 0.2, topP: 0.95, maxNewTokens: 64, seed: 1234 },
      provenance: { backend: 'openai-compatible', serverModel: 'coder-1b' },
      totals: { samples: 12, failedSamples: 0, requests: 3 },
    });
    expect(metadata.promptsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(metadata.totals.tokensOut).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ done: 12, total: 12, failed: 0, alreadyDone: 0 });
  });

  it('gives each sample the same seed whatever the concurrency and replica count', async () => {
    const [a, b] = [await serve(), await serve()];
    const single = await generate(
      options(await runDir(), {
        backend: backend([a!], { maxSamplesPerRequest: 1 }),
        concurrency: 1,
      }),
    );
    const spread = await generate(
      options(await runDir(), {
        backend: backend([a!, b!], { maxSamplesPerRequest: 1 }),
        concurrency: 8,
      }),
    );
    expect(textOf(spread.records)).toEqual(textOf(single.records));
    expect(new Set(single.records.map((r) => r.raw)).size).toBe(12);
    expect(b!.requests.length).toBeGreaterThan(0);
  });

  it('falls back to one request per sample when the server ignores n', async () => {
    const server = await serve({ ignoreN: true });
    const result = await generate(
      options(await runDir(), { backend: backend([server]), concurrency: 1 }),
    );
    expect(result.complete).toBe(true);
    expect(new Set(result.records.map((r) => r.raw)).size).toBe(12);
    expect(server.requests.slice(1).every((r) => r.body['n'] === 1)).toBe(true);
  });

  it('records failed samples with their error and retries them on resume', async () => {
    const broken = await serve({
      fault: ({ body }) =>
        body['prompt'] === problems[1]!.prompt ? { kind: 'status', status: 500 } : undefined,
    });
    const dir = await runDir();
    const first = await generate(options(dir, { backend: backend([broken]) }));
    expect(first.complete).toBe(false);
    const failed = first.records.filter((r) => r.error);
    expect(failed.map((r) => `${r.problemId}#${r.sample}`)).toEqual(
      [0, 1, 2, 3].map((s) => `Tiny/1#${s}`),
    );
    expect(failed[0]?.error).toMatchObject({ kind: 'request_failed', status: 500 });
    expect(first.metadata.failures).toEqual([
      expect.objectContaining({
        problemId: 'Tiny/1',
        kind: 'request_failed',
        samples: [0, 1, 2, 3],
      }),
    ]);
    const healthy = await serve();
    const second = await generate(options(dir, { backend: backend([healthy]) }));
    expect(second.complete).toBe(true);
    expect(healthy.requests.map((r) => r.body['prompt'])).toEqual([problems[1]!.prompt]);
    expect(second.metadata.failures).toEqual([]);
  });

  it('stops the run on an error every request would hit, keeping what finished', async () => {
    const server = await serve({
      fault: ({ index }) =>
        index >= 2 ? { kind: 'status', status: 401, message: 'bad key' } : undefined,
    });
    const dir = await runDir();
    const run = generate(options(dir, { backend: backend([server]), concurrency: 1 }));
    await expect(run).rejects.toThrow(/HTTP 401: bad key/);
    expect((await readJournal(join(dir, JOURNAL_FILE))).records).toHaveLength(8);
  });

  it('reports a prompt that overflows the context per problem, without retrying it on resume', async () => {
    const server = await serve({
      fault: ({ body }) =>
        body['prompt'] === problems[2]!.prompt ? contextLengthFault : undefined,
    });
    const dir = await runDir();
    const result = await generate(options(dir, { backend: backend([server]) }));
    expect(result.complete).toBe(true);
    expect(result.metadata.failures).toEqual([
      expect.objectContaining({
        problemId: 'Tiny/2',
        kind: 'prompt_too_long',
        samples: [0, 1, 2, 3],
      }),
    ]);
    const before = server.requests.length;
    await generate(options(dir, { backend: backend([server]) }));
    expect(server.requests.length).toBe(before);
  });

  it('gives a half-sampled problem only its missing samples and keeps the rest unchanged', async () => {
    const server = await serve();
    const dir = await runDir();
    const done = await generate(options(dir, { backend: backend([server]) }));
    const journalPath = join(dir, JOURNAL_FILE);
    const kept = (await readFile(journalPath, 'utf8')).split('\n').filter((line) => {
      return line !== '' && !/"problemId":"Tiny\/1","sample":[13]/.test(line);
    });
    // lose samples 1 and 3 of Tiny/1 and leave a torn line, as a SIGKILL mid-write would
    await writeFile(journalPath, `${kept.join('\n')}\n{"problemId":"Tiny/0","sam`);
    const requestsBefore = server.requests.length;
    const resumed = await generate(
      options(dir, { backend: backend([server], { maxSamplesPerRequest: 1 }) }),
    );
    const newRequests = server.requests.slice(requestsBefore);
    expect(newRequests.map((r) => r.body['prompt'])).toEqual([
      problems[1]!.prompt,
      problems[1]!.prompt,
    ]);
    expect(resumed.records).toHaveLength(12);
    const journal = await readJournal(journalPath);
    expect(journal.tornTail).toBe(false);
    expect(journal.records).toHaveLength(12);
    const keyed = (rs: typeof done.records) =>
      rs.filter((r) => !(r.problemId === 'Tiny/1' && r.sample % 2 === 1));
    expect(keyed(resumed.records)).toEqual(keyed(done.records));
  });

  it('reads a saved run back in benchmark order, without a server', async () => {
    const server = await serve();
    const dir = await runDir();
    const done = await generate(
      options(dir, { backend: backend([server], { maxSamplesPerRequest: 1 }), concurrency: 5 }),
    );
    const saved = await readSavedGenerations(dir, problems);
    expect(saved.records).toEqual(done.records);
    expect(saved.metadata?.complete).toBe(true);
  });

  it('extends a finished run to more samples without touching the old ones', async () => {
    const server = await serve();
    const dir = await runDir();
    const small = await generate(options(dir, { backend: backend([server]) }));
    const sampling = resolveSampling('pass@1', { nSamples: 6, maxNewTokens: 64 });
    const large = await generate(options(dir, { backend: backend([server]), sampling }));
    expect(large.records).toHaveLength(18);
    expect(large.records.filter((r) => r.sample < 4)).toEqual(small.records);
  });

  it('refuses to resume a run directory generated with other sampling settings', async () => {
    const server = await serve();
    const dir = await runDir();
    await generate(options(dir, { backend: backend([server]) }));
    const sampling = resolveSampling('pass@10', { nSamples: 4, maxNewTokens: 64 });
    const resumed = generate(options(dir, { backend: backend([server]), sampling }));
    await expect(resumed).rejects.toBeInstanceOf(ConfigError);
    await expect(resumed).rejects.toThrow(/temperature: 0.2 → 0.6/);
  });

  it('stops issuing requests on abort, keeps what finished, and resumes to exactly all pairs', async () => {
    const controller = new AbortController();
    // four answers, then requests that hang; once both workers hang, the user presses Ctrl-C
    const server = await serve({
      fault: ({ index }) => {
        if (index === 5) controller.abort(new Error('Ctrl-C'));
        return index >= 4 ? { kind: 'hang' } : undefined;
      },
    });
    const dir = await runDir();
    const result = await generate(
      options(dir, {
        backend: backend([server], { maxSamplesPerRequest: 1 }),
        concurrency: 2,
        signal: controller.signal,
      }),
    );
    expect(result.complete).toBe(false);
    expect(result.records).toHaveLength(4);
    expect(result.metadata.sessions.at(-1)?.interrupted).toBe(true);
    const healthy = await serve();
    const resumed = await generate(
      options(dir, { backend: backend([healthy], { maxSamplesPerRequest: 1 }) }),
    );
    expect(resumed.records).toHaveLength(12);
    expect(healthy.requests).toHaveLength(8);
    expect((await readJournal(join(dir, JOURNAL_FILE))).records).toHaveLength(12);
  });

  it('on a soft stop lets the requests in flight finish and keeps them', async () => {
    const server = await serve({ pieceDelayMs: 1 });
    const drain = new AbortController();
    const result = await generate(
      options(await runDir(), {
        backend: backend([server], { maxSamplesPerRequest: 1 }),
        concurrency: 3,
        onSample: () => drain.abort(),
        drain: drain.signal,
      }),
    );
    expect(result.records).toHaveLength(3);
    expect(result.records.every((r) => r.error === undefined)).toBe(true);
    expect(server.requests).toHaveLength(3);
  });

  it('counts samples stopped early and the tokens that saved', async () => {
    const server = await serve({ honourStop: false, pieceDelayMs: 1 });
    const result = await generate(options(await runDir(), { backend: backend([server]) }));
    expect(result.metadata.totals.samplesStoppedEarly).toBe(12);
    expect(result.metadata.totals.tokensSaved).toBeGreaterThan(0);
    expect(result.records[0]?.program).toBe(
      `${problems[0]!.prompt}    return '${sampleTag(problems[0]!.prompt, deriveSeed(1234, 'Tiny/0', 0), 0)}'\n`,
    );
  });

  it('sends chat messages and keeps the raw reply beside the extracted program', async () => {
    const server = await serve();
    const result = await generate(
      options(await runDir(), {
        backend: backend([server], { api: 'chat' }),
        systemPrompt: 'You write Python.',
      }),
    );
    const messages = server.requests[0]?.body['messages'] as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[1]?.content).toContain(problems[0]!.prompt.trimEnd());
    expect(server.requests[0]?.body['stop']).toBeUndefined();
    const record = result.records[0]!;
    expect(record.raw).toContain('Hope it helps.');
    expect(record.program.startsWith(problems[0]!.prompt)).toBe(true);
    expect(record.program).not.toContain('```');
  });
});

describe('run directory lock', () => {
  it('refuses a second live process and takes over a lock left by a dead one', async () => {
    const server = await serve();
    const dir = await runDir();
    await writeFile(join(dir, LOCK_FILE), `${process.ppid}\n`);
    const blocked = generate(options(dir, { backend: backend([server]) }));
    await expect(blocked).rejects.toThrow(/another passk process \(pid \d+\) is writing/);
    expect(server.requests).toHaveLength(0);
    await writeFile(join(dir, LOCK_FILE), '999999999\n'); // no such process
    const result = await generate(options(dir, { backend: backend([server]) }));
    expect(result.complete).toBe(true);
    await expect(readFile(join(dir, LOCK_FILE))).rejects.toThrow(/ENOENT/);
  });
});
