import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModelRequestError } from '../../src/core/errors.js';
import { ContextLengthError } from '../../src/models/errors.js';
import {
  createOpenAICompatibleBackend,
  type OpenAICompatibleOptions,
} from '../../src/models/openai/backend.js';
import type { GenerateRequest } from '../../src/models/types.js';
import { cutAtStop } from '../../src/postprocess/stop.js';
import {
  contextLengthFault,
  type FakeOpenAIServer,
  type FakeServerOptions,
  type Fault,
  sampleTag,
  startFakeOpenAIServer,
} from '../helpers/fake-openai-server.js';

const servers: FakeOpenAIServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(options: FakeServerOptions = {}): Promise<FakeOpenAIServer> {
  const server = await startFakeOpenAIServer(options);
  servers.push(server);
  return server;
}

function backendFor(server: FakeOpenAIServer, options: Partial<OpenAICompatibleOptions> = {}) {
  return createOpenAICompatibleBackend({
    baseUrls: [server.baseUrl],
    apiKey: 'test-key',
    retry: { baseDelayMs: 1, maxRetries: 3 },
    ...options,
  });
}

const PROMPT = 'def add(a, b):\n';
function request(overrides: Partial<GenerateRequest> = {}): GenerateRequest {
  return {
    prompt: { kind: 'completion', text: PROMPT },
    n: 1,
    sampling: { temperature: 0.2, topP: 0.95, maxNewTokens: 200, seed: 7, stop: ['\ndef'] },
    ...overrides,
  };
}

/** Faults for the first requests in order, then normal answers. */
function faultsInOrder(...faults: Fault[]) {
  return ({ index }: { index: number }) => faults[index];
}

describe('openai-compatible completions', () => {
  it('returns n deterministic choices with usage, the served model and the key sent', async () => {
    const server = await serve({ modelName: 'coder-7b' });
    const backend = backendFor(server, { stream: false });
    const completions = await backend.generate(request({ n: 3 }));
    expect(completions.map((c) => c.text)).toEqual(
      [0, 1, 2].map((choice) => `    return '${sampleTag(PROMPT, 7, choice)}'\n`),
    );
    expect(completions[0]).toMatchObject({
      finishReason: 'stop',
      tokensIn: 4,
      serverModel: 'coder-7b',
    });
    expect(server.requests[0]?.body).toMatchObject({
      model: 'coder-7b',
      n: 3,
      seed: 7,
      top_p: 0.95,
    });
    expect(server.requests[0]?.authorization).toBe('Bearer test-key');
    expect(backend.describe()).toMatchObject({
      serverModel: 'coder-7b',
      backend: 'openai-compatible',
    });
  });

  it('streams the same text it would answer in one body', async () => {
    const server = await serve();
    const plain = await backendFor(server, { stream: false, model: 'fake-coder-1b' }).generate(
      request({ n: 2 }),
    );
    const streamed = await backendFor(server, { model: 'fake-coder-1b' }).generate(
      request({ n: 2 }),
    );
    expect(streamed.map((c) => c.text)).toEqual(plain.map((c) => c.text));
    expect(streamed.every((c) => c.stoppedEarlyBy === undefined)).toBe(true);
  });

  it('stops a sample at its own stop sequence and abandons the stream', async () => {
    const server = await serve({ honourStop: false, pieceDelayMs: 2 });
    const [completion] = await backendFor(server, { model: 'fake-coder-1b' }).generate(request());
    expect(completion?.stoppedEarlyBy).toBe('\ndef');
    expect(cutAtStop(completion?.text ?? '', ['\ndef'])).toBe(
      `    return '${sampleTag(PROMPT, 7, 0)}'\n`,
    );
    expect(completion?.tokensSaved).toBeGreaterThan(150);
    // the server notices the closed connection a moment later
    await vi.waitFor(() => expect(server.abandonedStreams).toBe(1));
    // the full answer is 50 pieces; the client left after the first few
    expect(server.piecesSent).toBeLessThan(20);
  });

  it('lets each of n choices stop on its own, leaving once all have', async () => {
    const server = await serve({ honourStop: false, pieceDelayMs: 2 });
    const completions = await backendFor(server, { model: 'fake-coder-1b' }).generate(
      request({ n: 3 }),
    );
    expect(completions.map((c) => c.stoppedEarlyBy)).toEqual(['\ndef', '\ndef', '\ndef']);
    expect(completions.map((c) => cutAtStop(c.text, ['\ndef']))).toEqual(
      [0, 1, 2].map((choice) => `    return '${sampleTag(PROMPT, 7, choice)}'\n`),
    );
    await vi.waitFor(() => expect(server.abandonedStreams).toBe(1));
  });

  it('returns what a server that ignores n sends', async () => {
    const server = await serve({ ignoreN: true });
    const completions = await backendFor(server, { model: 'fake-coder-1b' }).generate(
      request({ n: 4 }),
    );
    expect(completions).toHaveLength(1);
  });

  it('sends chat messages to /chat/completions and reads the reply', async () => {
    const server = await serve();
    const backend = backendFor(server, { model: 'fake-coder-1b', api: 'chat' });
    const [reply] = await backend.generate(
      request({
        prompt: { kind: 'chat', messages: [{ role: 'user', content: PROMPT }] },
        sampling: { ...request().sampling, stop: [] },
      }),
    );
    expect(server.requests[0]?.path).toBe('/v1/chat/completions');
    expect(server.requests[0]?.body['messages']).toEqual([{ role: 'user', content: PROMPT }]);
    expect(reply?.text).toContain('```python\ndef add(a, b):\n');
  });
});

describe('openai-compatible retries', () => {
  it('retries 429 (honouring Retry-After), 500, a reset, a torn stream and broken JSON', async () => {
    const server = await serve({
      fault: faultsInOrder(
        { kind: 'status', status: 429, retryAfter: '0.05' },
        { kind: 'status', status: 500 },
        { kind: 'reset' },
        { kind: 'reset-mid-stream' },
        { kind: 'malformed' },
      ),
    });
    const delays: number[] = [];
    const backend = backendFor(server, {
      model: 'fake-coder-1b',
      retry: { baseDelayMs: 1, maxRetries: 5 },
      onRetry: (_message, delayMs) => delays.push(delayMs),
    });
    const [completion] = await backend.generate(request());
    expect(completion?.text).toContain(sampleTag(PROMPT, 7, 0));
    expect(server.requests).toHaveLength(6);
    expect(delays[0]).toBeGreaterThanOrEqual(50);
  });

  it('drops stream_options for a server that rejects it', async () => {
    const server = await serve({
      fault: ({ body }) =>
        body['stream_options'] === undefined
          ? undefined
          : {
              kind: 'status',
              status: 400,
              message: 'Unrecognized request argument supplied: stream_options',
            },
    });
    const backend = backendFor(server, { model: 'fake-coder-1b' });
    await backend.generate(request());
    await backend.generate(request());
    expect(server.requests.map((r) => r.body['stream_options'] !== undefined)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('retries broken JSON in a plain body', async () => {
    const server = await serve({ fault: faultsInOrder({ kind: 'malformed' }) });
    await backendFor(server, { model: 'fake-coder-1b', stream: false }).generate(request());
    expect(server.requests).toHaveLength(2);
  });

  it('times out a hanging request and tries again', async () => {
    const server = await serve({ fault: faultsInOrder({ kind: 'hang' }) });
    const backend = backendFor(server, { model: 'fake-coder-1b', requestTimeoutMs: 200 });
    const [completion] = await backend.generate(request());
    expect(completion?.finishReason).toBe('stop');
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after maxRetries with a ModelRequestError', async () => {
    const server = await serve({ fault: () => ({ kind: 'status', status: 503 }) });
    const error = await backendFor(server, { model: 'fake-coder-1b' })
      .generate(request())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelRequestError);
    expect((error as ModelRequestError).status).toBe(503);
    expect(server.requests).toHaveLength(4);
  });

  it('does not retry a prompt that overflows the context, nor a bad key', async () => {
    const server = await serve({
      fault: ({ body }) =>
        body['prompt'] === 'huge' ? contextLengthFault : { kind: 'status', status: 401 },
    });
    const backend = backendFor(server, { model: 'fake-coder-1b' });
    const overflow = backend.generate(request({ prompt: { kind: 'completion', text: 'huge' } }));
    await expect(overflow).rejects.toBeInstanceOf(ContextLengthError);
    const unauthorized = await backend.generate(request()).catch((e: unknown) => e);
    expect(unauthorized).toBeInstanceOf(ModelRequestError);
    expect(unauthorized).not.toBeInstanceOf(ContextLengthError);
    expect(server.requests).toHaveLength(2);
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    const controller = new AbortController();
    // Aborted once the server holds the request, not after a fixed delay (which a loaded machine
    // can beat: the abort then came before any request).
    const server = await serve({
      fault: () => {
        setImmediate(() => controller.abort(new Error('user pressed Ctrl-C')));
        return { kind: 'hang' };
      },
    });
    const pending = backendFor(server, { model: 'fake-coder-1b' }).generate(
      request(),
      controller.signal,
    );
    await expect(pending).rejects.toThrow('user pressed Ctrl-C');
    expect(server.requests).toHaveLength(1);
  });
});

describe('openai-compatible replicas', () => {
  it('spreads requests over every base URL', async () => {
    const [a, b] = [await serve(), await serve()];
    const backend = createOpenAICompatibleBackend({
      baseUrls: [a!.baseUrl, b!.baseUrl],
      model: 'fake-coder-1b',
      batchSize: 2,
    });
    expect(backend.concurrency).toBe(4);
    await Promise.all(Array.from({ length: 8 }, () => backend.generate(request())));
    expect(a!.requests.length).toBeGreaterThan(0);
    expect(b!.requests.length).toBeGreaterThan(0);
    expect(a!.requests.length + b!.requests.length).toBe(8);
  });
});
