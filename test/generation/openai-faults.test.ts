import { describe, expect, it } from 'vitest';
import { ModelRequestError, ServerUnavailableError } from '../../src/core/errors.js';
import { ContextLengthError, RetryableRequestError } from '../../src/models/errors.js';
import {
  createOpenAICompatibleBackend,
  type OpenAICompatibleOptions,
} from '../../src/models/openai/backend.js';
import { type FetchLike, nodeFetch } from '../../src/models/openai/node-fetch.js';
import type { Completion, GenerateRequest } from '../../src/models/types.js';
import {
  type FakeOpenAIServer,
  type Fault,
  type PlainBody,
  type ReceivedRequest,
  type StreamEvent,
  sampleTag,
} from '../helpers/fake-openai-server.js';
import { fakeServers } from '../helpers/toy-model.js';

/**
 * The fault matrix: every way a model server (vLLM, TGI, SGLang, llama.cpp, Ollama, OpenAI, a
 * proxy in front of them) is seen to fail, against the openai-compatible backend over real
 * HTTP. Each fault must end in one of three ways: a finished sample (the model's text, e.g. a
 * `length` cut), a retried attempt (bounded, counted by cause) that then succeeds, or a
 * ModelRequestError (never a completion: nothing of it can be scored).
 */

const serve = fakeServers();
const PROMPT = 'def add(a, b):\n';
const MODEL = 'fake-coder-1b';

type Mode = { api: 'completions' | 'chat'; stream: boolean };
const MODES: Mode[] = [
  { api: 'completions', stream: false },
  { api: 'completions', stream: true },
  { api: 'chat', stream: false },
  { api: 'chat', stream: true },
];
const label = (m: Mode) => `${m.api}, ${m.stream ? 'stream' : 'plain'}`;

function backendFor(
  server: FakeOpenAIServer,
  mode: Mode,
  options: Partial<OpenAICompatibleOptions> = {},
) {
  const retries: { message: string; delayMs: number }[] = [];
  const backend = createOpenAICompatibleBackend({
    baseUrls: [server.baseUrl],
    model: MODEL,
    api: mode.api,
    stream: mode.stream,
    retry: { baseDelayMs: 1, maxRetries: 2 },
    onRetry: (message, delayMs) => retries.push({ message, delayMs }),
    ...options,
  });
  return { backend, retries };
}

function request(mode: Mode, n = 1): GenerateRequest {
  return {
    prompt:
      mode.api === 'chat'
        ? { kind: 'chat', messages: [{ role: 'user', content: PROMPT }] }
        : { kind: 'completion', text: PROMPT },
    n,
    // chat replies are not cut at code stops (the code is extracted from them later)
    sampling: {
      temperature: 0.2,
      topP: 0.95,
      maxNewTokens: 200,
      seed: 7,
      stop: mode.api === 'chat' ? [] : ['\ndef'],
    },
  };
}

/** What a healthy server answers for choice `i` (the fake server's text cut at the stop). */
function expectedText(mode: Mode, i: number): string {
  const body = `    return '${sampleTag(PROMPT, 7, i)}'\n`;
  return mode.api === 'chat'
    ? `Here you go:\n\n\`\`\`python\n${PROMPT}${body}\`\`\`\n\nHope it helps.`
    : body;
}

const firstOnly =
  (fault: Fault) =>
  ({ index }: ReceivedRequest): Fault | undefined =>
    index === 0 ? fault : undefined;

/** Rewrites each choice of the answer, plain or streamed (`choice` returns the new choice). */
function choices(
  choice: (c: Record<string, unknown>, event: boolean) => Record<string, unknown> | undefined,
  extra: Partial<Extract<Fault, { kind: 'rewrite' }>> = {},
): Fault {
  const map = (list: Record<string, unknown>[], event: boolean) =>
    list.map((c) => choice(c, event)).filter((c) => c !== undefined);
  return {
    kind: 'rewrite',
    body: (b: PlainBody) => ({ ...b, choices: map(b.choices, false) }),
    event: (e: StreamEvent) => ({ ...e, choices: map(e.choices, true) }),
    ...extra,
  };
}

/** A finish reason on every choice that has one (the stream's last chunk per choice). */
const finishing = (reason: string | null) =>
  choices((c) => (c['finish_reason'] ? { ...c, finish_reason: reason } : c));

/** The fault on the first attempt only: the request is retried for `reason` and then succeeds. */
async function expectRetried(
  mode: Mode,
  fault: Fault,
  reason: string,
  n = 1,
  options: Partial<OpenAICompatibleOptions> = {},
) {
  const server = await serve({ fault: firstOnly(fault) });
  const { backend, retries } = backendFor(server, mode, options);
  const completions = await backend.generate(request(mode, n));
  expect(completions.map((c) => c.text)).toEqual(
    Array.from({ length: n }, (_, i) => expectedText(mode, i)),
  );
  expect(backend.stats?.().retries).toEqual({ [reason]: 1 });
  expect(retries).toHaveLength(1); // logged through onRetry
  expect(server.requests).toHaveLength(2);
  return { retries, completions };
}

/** The fault on every attempt: a ModelRequestError after at most `attempts`, no completion. */
async function expectFailed(mode: Mode, fault: Fault, attempts: number, pattern: RegExp) {
  const server = await serve({ fault: () => fault });
  const { backend } = backendFor(server, mode);
  const error = await backend.generate(request(mode)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ModelRequestError);
  expect(error).not.toBeInstanceOf(RetryableRequestError);
  expect((error as Error).message).toMatch(pattern);
  expect(server.requests).toHaveLength(attempts);
  return error as ModelRequestError;
}

async function answered(mode: Mode, fault: Fault, n = 1): Promise<Completion[]> {
  const server = await serve({ fault: () => fault });
  const { backend } = backendFor(server, mode);
  const completions = await backend.generate(request(mode, n));
  expect(server.requests).toHaveLength(1);
  return completions;
}

describe.each(MODES)('errors reported inside a 200 answer ($api, stream $stream)', (mode) => {
  it(`${label(mode)}: {"error": …} and {"object": "error"} are retried, never scored`, async () => {
    const errorBody = { error: { message: 'CUDA out of memory', type: 'InternalServerError' } };
    await expectRetried(
      mode,
      { kind: 'rewrite', body: () => errorBody, event: () => errorBody },
      'error-event',
    );
    const vllm = { object: 'error', message: 'engine dead', type: 'InternalServerError' };
    await expectRetried(
      mode,
      { kind: 'rewrite', body: () => vllm, event: () => vllm },
      'error-event',
    );
  });

  it(`${label(mode)}: an error body saying the prompt is too long is not retried`, async () => {
    const message = "This model's maximum context length is 2048 tokens.";
    const tooLong = { object: 'error', message, type: 'BadRequestError', code: 400 };
    const error = await expectFailed(
      mode,
      { kind: 'rewrite', body: () => tooLong, event: () => tooLong },
      1,
      /maximum context length/,
    );
    expect(error).toBeInstanceOf(ContextLengthError);
  });

  it(`${label(mode)}: finish_reason abort/error/null are retried; length is a sample`, async () => {
    await expectRetried(mode, finishing('abort'), 'error-event');
    await expectRetried(mode, finishing('error'), 'error-event');
    await expectRetried(mode, finishing(null), 'no-finish-reason');
    const [cut] = await answered(mode, finishing('length'));
    expect(cut?.finishReason).toBe('length');
    expect(cut?.text).toBe(expectedText(mode, 0));
  });

  it(`${label(mode)}: content_filter is a failed sample, not retried and not scored`, async () => {
    const error = await expectFailed(mode, finishing('content_filter'), 1, /content_filter/);
    expect(error.retryable).toBe(false);
  });

  it(`${label(mode)}: no choices, or text null, is retried`, async () => {
    await expectRetried(
      mode,
      choices(() => undefined),
      mode.stream ? 'no-choices' : 'no-choices',
    );
    if (!mode.stream) {
      const nullText = choices((c) =>
        mode.api === 'chat'
          ? { ...c, message: { role: 'assistant', content: null } }
          : { ...c, text: null },
      );
      await expectRetried(mode, nullText, 'no-text');
    }
    if (!mode.stream && mode.api === 'chat') {
      // a reasoning model that spent every token thinking did answer: an empty sample
      const thoughtOnly = choices((c) => ({
        ...c,
        message: { role: 'assistant', content: null, reasoning_content: 'hmm' },
        finish_reason: 'length',
      }));
      const [sample] = await answered(mode, thoughtOnly);
      expect(sample).toMatchObject({ text: '', finishReason: 'length' });
    }
  });

  it(`${label(mode)}: duplicate or out-of-range choice indices are retried`, async () => {
    await expectRetried(
      mode,
      choices((c) => ({ ...c, index: 0 })),
      'malformed',
      2,
    );
    await expectRetried(
      mode,
      choices((c) => ({ ...c, index: (c['index'] as number) * 5 })),
      'malformed',
      2,
    );
  });

  it(`${label(mode)}: fewer choices than n are returned as they are (the rest asked again)`, async () => {
    const server = await serve({ ignoreN: true });
    const { backend } = backendFor(server, mode);
    const completions = await backend.generate(request(mode, 3));
    expect(completions.map((c) => c.text)).toEqual([expectedText(mode, 0)]);
    expect(backend.stats?.().fallbacks).toEqual({ ignored_n: 1 });
  });

  it(`${label(mode)}: an answer from another model than the run's is retried`, async () => {
    const other = (model: string) =>
      ({
        kind: 'rewrite',
        body: (b) => ({ ...b, model }),
        event: (e) => ({ ...e, model }),
      }) satisfies Fault;
    // the second request's first attempt comes from another model (a misrouted replica)
    const server = await serve({
      fault: ({ index }) => (index === 1 ? other('other-7b') : undefined),
    });
    const notices: string[] = [];
    const { backend, retries } = backendFor(server, mode, { onNotice: (m) => notices.push(m) });
    const [first] = await backend.generate(request(mode));
    expect(first?.serverModel).toBe(MODEL);
    const [second] = await backend.generate(request(mode));
    expect(second?.serverModel).toBe(MODEL);
    expect(backend.stats?.().retries).toEqual({ 'wrong-model': 1 });
    expect(retries[0]?.message).toMatch(
      /'other-7b', but this run's answers come from 'fake-coder-1b'/,
    );
    expect(notices).toEqual([]);
    // a first answer naming a dated snapshot is the model asked for; another name is said
    const dated = await serve({ fault: () => other(`${MODEL}-2024-07-18`) });
    const snapshot = backendFor(dated, mode, { onNotice: (m) => notices.push(m) });
    await snapshot.backend.generate(request(mode));
    expect(notices).toEqual([]);
    // a first answer from a model neither asked for nor listed (a proxy misrouting one
    // request) is retried, never adopted: every sample comes from the model asked for
    const stray = await serve({
      fault: ({ index }) => (index === 0 ? other('stray-70b') : undefined),
    });
    const strayed = backendFor(stray, mode, { onNotice: (m) => notices.push(m) });
    await strayed.backend.check?.();
    const [kept] = await strayed.backend.generate(request(mode));
    const [next] = await strayed.backend.generate(request(mode));
    expect([kept?.serverModel, next?.serverModel]).toEqual([MODEL, MODEL]);
    expect(strayed.backend.describe?.().serverModel).toBe(MODEL);
    expect(strayed.backend.stats?.().retries).toEqual({ 'wrong-model': 1 });
    expect(strayed.retries[0]?.message).toMatch(/'stray-70b', but 'fake-coder-1b' was asked for/);
    expect(notices).toEqual([]);
    // a first answer from another model the server lists is misrouted: retried
    const multi = await serve({
      otherModels: ['other-7b'],
      fault: ({ index }) => (index === 0 ? other('other-7b') : undefined),
    });
    const misrouted = backendFor(multi, mode);
    await misrouted.backend.check?.();
    const [right] = await misrouted.backend.generate(request(mode));
    expect(right?.serverModel).toBe(MODEL);
    expect(misrouted.backend.stats?.().retries).toEqual({ 'wrong-model': 1 });
    expect(misrouted.retries[0]?.message).toMatch(/'other-7b', but 'fake-coder-1b' was asked for/);
  });

  it(`${label(mode)}: another name the server lists for the same weights (a vLLM alias) is the model asked for`, async () => {
    // `vllm serve … --served-model-name fake-coder-1b coder`: its answers name the first served
    // name whichever is asked for; 'other-7b' (another root) is another model
    const rename = (model: string): Fault => ({
      kind: 'rewrite',
      body: (b) => ({ ...b, model }),
      event: (e) => ({ ...e, model }),
    });
    const server = await serve({
      aliases: ['coder'],
      otherModels: ['other-7b'],
      fault: ({ index }) => (index === 0 ? rename('other-7b') : undefined),
    });
    const { backend, retries } = backendFor(server, mode, { model: 'coder' });
    await backend.check?.();
    const [first] = await backend.generate(request(mode));
    const [second] = await backend.generate(request(mode));
    expect([first?.serverModel, second?.serverModel]).toEqual([MODEL, MODEL]);
    // the model listed with other weights is still a stray answer: retried, never kept
    expect(retries.map((r) => r.message)).toEqual([
      expect.stringMatching(/'other-7b', but 'coder' was asked for/),
    ]);
    expect(backend.describe?.()).toMatchObject({ model: 'coder', serverModel: MODEL });
    // without --model-name, the names of one model's weights are that model (the first name)
    const aliasesOnly = await serve({ aliases: ['coder'] });
    const unnamed = createOpenAICompatibleBackend({
      baseUrls: [aliasesOnly.baseUrl],
      api: mode.api,
      stream: mode.stream,
      retry: { baseDelayMs: 1, maxRetries: 2 },
    });
    const [answer] = await unnamed.generate(request(mode));
    expect(answer?.serverModel).toBe(MODEL);
    expect(aliasesOnly.requests[0]?.body['model']).toBe(MODEL);
  });

  it(`${label(mode)}: a server that answers as another model everywhere is one error at start`, async () => {
    const alias = await serve({
      fault: () => ({
        kind: 'rewrite',
        body: (b) => ({ ...b, model: 'upstream/coder' }),
        event: (e) => ({ ...e, model: 'upstream/coder' }),
      }),
    });
    const { backend } = backendFor(alias, mode);
    const error = await backend.generate(request(mode)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelRequestError);
    expect(error).not.toBeInstanceOf(RetryableRequestError);
    expect((error as ModelRequestError).retryable).toBe(false);
    expect((error as Error).message).toMatch(
      /answers as model 'upstream\/coder', but 'fake-coder-1b' was asked for: 3 answers in a row/,
    );
    expect((error as ModelRequestError).hint).toMatch(/--model-name 'upstream\/coder'/);
    expect(backend.describe?.().serverModel).toBeUndefined();
  });

  it(`${label(mode)}: missing usage, gzip and an odd content type still give the sample`, async () => {
    const noUsage = await answered(mode, {
      kind: 'rewrite',
      body: ({ usage: _, ...b }) => b,
      event: (e) => (e.usage ? undefined : e),
    });
    expect(noUsage[0]?.text).toBe(expectedText(mode, 0));
    expect(noUsage[0]?.tokensIn).toBeUndefined();
    const gzip = await answered(mode, { kind: 'rewrite', gzip: true }, 2);
    expect(gzip.map((c) => c.text)).toEqual([expectedText(mode, 0), expectedText(mode, 1)]);
    const textPlain = await answered(mode, { kind: 'rewrite', contentType: 'text/plain' });
    expect(textPlain[0]?.text).toBe(expectedText(mode, 0));
  });

  it(`${label(mode)}: a proxy's HTML page (502, or 200) is retried and named briefly`, async () => {
    const page = (title: string) =>
      `<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center><hr><center>nginx</center>${' '.repeat(600)}</body></html>`;
    const bad = {
      kind: 'raw',
      status: 502,
      headers: { 'content-type': 'text/html' },
      chunks: [page('502 Bad Gateway')],
    } satisfies Fault;
    const { retries } = await expectRetried(mode, bad, 'http-502');
    expect(retries[0]?.message).toMatch(/HTTP 502: .*502 Bad Gateway/);
    expect(retries[0]?.message).not.toContain('<');
    const ok = {
      kind: 'raw',
      headers: { 'content-type': 'text/html' },
      chunks: [page('Sign in')],
    } satisfies Fault;
    const again = await expectRetried(mode, ok, 'html');
    expect(again.retries[0]?.message).toMatch(/HTML page.*Sign in/);
  });
});

describe.each(MODES.filter((m) => m.stream))('streams ($api)', (mode) => {
  it(`${label(mode)}: a stream without [DONE] is a sample when every choice finished`, async () => {
    const completions = await answered(mode, { kind: 'rewrite', done: false }, 2);
    expect(completions.map((c) => c.text)).toEqual([expectedText(mode, 0), expectedText(mode, 1)]);
  });

  it(`${label(mode)}: cut before a finish reason, or mid-JSON, or by a data error event: retried`, async () => {
    await expectRetried(
      mode,
      {
        kind: 'rewrite',
        done: false,
        event: (e) => (e.choices.some((c) => c['finish_reason']) || e.usage ? undefined : e),
      },
      'torn-stream',
    );
    const head =
      mode.api === 'chat'
        ? '{"choices":[{"index":0,"delta":{"content":"    re'
        : '{"choices":[{"index":0,"text":"    re';
    // the connection closed cleanly, or reset, inside an event's JSON
    for (const [end, reason] of [
      ['end', 'malformed'],
      ['destroy', 'transport'],
    ] as const) {
      const sse = { 'content-type': 'text/event-stream' };
      await expectRetried(
        mode,
        { kind: 'raw', headers: sse, chunks: [`data: ${head}`], end },
        reason,
      );
    }
    await expectRetried(mode, { kind: 'error-event', afterPieces: 1 }, 'error-event');
  });

  it(`${label(mode)}: a JSON body answering a stream request is read as one`, async () => {
    const server = await serve({
      fault: ({ body }) => {
        body['stream'] = false; // the server ignores stream: true
        return undefined;
      },
    });
    const { backend } = backendFor(server, mode);
    const completions = await backend.generate(request(mode, 2));
    expect(completions.map((c) => c.text)).toEqual([expectedText(mode, 0), expectedText(mode, 1)]);
  });

  it(`${label(mode)}: keep-alive comments or bytes trickled forever hit the idle timeout`, async () => {
    for (const text of [': keep-alive\n\n', ' ', 'data: {"choi']) {
      const server = await serve({ fault: firstOnly({ kind: 'trickle', everyMs: 20, text }) });
      const { backend } = backendFor(server, mode, { requestTimeoutMs: 400 });
      const completions = await backend.generate(request(mode));
      expect(completions[0]?.text).toBe(expectedText(mode, 0));
      expect(backend.stats?.().retries).toEqual({ 'idle-timeout': 1 });
    }
  });

  it(`${label(mode)}: tokens trickled forever are cut by the total deadline`, async () => {
    const event = (text: string) =>
      mode.api === 'chat'
        ? `data: {"choices":[{"index":0,"delta":{"content":"${text}"}}]}\n\n`
        : `data: {"choices":[{"index":0,"text":"${text}"}]}\n\n`;
    const server = await serve({
      fault: firstOnly({ kind: 'trickle', everyMs: 20, text: event(' x') }),
    });
    const { backend } = backendFor(server, mode, { requestTimeoutMs: 400, totalTimeoutMs: 800 });
    const completions = await backend.generate(request(mode));
    expect(completions[0]?.text).toBe(expectedText(mode, 0));
    expect(backend.stats?.().retries).toEqual({ 'total-timeout': 1 });
  });
});

describe('a plain request answered with a stream', () => {
  it('is read as a stream', async () => {
    const mode: Mode = { api: 'completions', stream: false };
    const server = await serve({
      fault: ({ body }) => {
        body['stream'] = true; // the server streams whatever it is asked
        return undefined;
      },
    });
    const { backend } = backendFor(server, mode);
    const completions = await backend.generate(request(mode, 2));
    expect(completions.map((c) => c.text)).toEqual([expectedText(mode, 0), expectedText(mode, 1)]);
  });
});

describe('HTTP statuses and transport', () => {
  const mode: Mode = { api: 'completions', stream: true };

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries HTTP %i', async (status) => {
    await expectRetried(mode, { kind: 'status', status }, `http-${status}`);
  });

  it('does not retry 501 (the server lacks the feature: asking again cannot help)', async () => {
    const error = await expectFailed(mode, { kind: 'status', status: 501 }, 1, /HTTP 501/);
    expect(error.status).toBe(501);
  });

  it('honours Retry-After in seconds and as an HTTP date, and backs off without it', async () => {
    const seconds = await expectRetried(
      mode,
      { kind: 'status', status: 429, retryAfter: '2' },
      'http-429',
    );
    expect(seconds.retries[0]?.delayMs).toBeGreaterThanOrEqual(2000);
    // the date form has one-second resolution: 3 s ahead is at least 2 s away
    const date = new Date(Date.now() + 3000).toUTCString();
    const dated = await expectRetried(
      mode,
      { kind: 'status', status: 503, retryAfter: date },
      'http-503',
    );
    expect(dated.retries[0]?.delayMs).toBeGreaterThanOrEqual(2000);
    const bare = await expectRetried(mode, { kind: 'status', status: 429 }, 'http-429');
    expect(bare.retries[0]?.delayMs).toBeLessThanOrEqual(1); // baseDelayMs: 1
  }, 20_000);

  it('retries a reset before the headers, a server that never answers, and broken framing', async () => {
    await expectRetried(mode, { kind: 'reset' }, 'transport');
    const server = await serve({ fault: firstOnly({ kind: 'hang' }) });
    const { backend } = backendFor(server, mode, { requestTimeoutMs: 300 });
    await backend.generate(request(mode));
    expect(backend.stats?.().retries).toEqual({ 'idle-timeout': 1 });
    for (const plain of [false, true]) {
      const m: Mode = { api: 'completions', stream: !plain };
      // a body shorter than its Content-Length, broken chunked framing, a corrupt gzip body
      const head = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n';
      const short = `${head}content-length: 500\r\n\r\n{"choices": [`;
      await expectRetried(
        m,
        { kind: 'raw', socket: true, chunks: [short], end: 'destroy' },
        'transport',
      );
      const badChunk = `${head}transfer-encoding: chunked\r\n\r\nzz\r\n{"choices"\r\n`;
      await expectRetried(
        m,
        { kind: 'raw', socket: true, chunks: [badChunk], end: 'hang' },
        'transport',
        1,
        { requestTimeoutMs: 2000 },
      );
      const gzip = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
      await expectRetried(
        m,
        { kind: 'raw', headers: gzip, chunks: ['not gzip at all'] },
        'transport',
      );
    }
  }, 20_000);
});

describe('a server that cannot be reached (issue 29)', () => {
  const mode: Mode = { api: 'completions', stream: true };

  /** nodeFetch, counting the requests it is asked to send. */
  function countingFetch() {
    const urls: string[] = [];
    const doFetch: FetchLike = (url, init) => {
      urls.push(url);
      return nodeFetch(url, init);
    };
    return { urls, doFetch };
  }

  it('at the start (connection refused): one attempt, one line naming the URL', async () => {
    const server = await serve();
    await server.close(); // a real loopback port nothing listens on
    const { urls, doFetch } = countingFetch();
    // the default retry schedule (7 attempts), only with a short first delay
    const { backend, retries } = backendFor(server, mode, {
      retry: { baseDelayMs: 1 },
      fetch: doFetch,
    });
    const error = await backend.check!().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServerUnavailableError);
    expect((error as Error).message).toContain(`${server.baseUrl}/models`);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect((error as Error).message).not.toContain('\n');
    expect(urls).toHaveLength(1);
    expect(retries).toEqual([]);
  });

  it('mid-run, after it answered once: the retry schedule is kept (a transient fault)', async () => {
    const server = await serve();
    const { urls, doFetch } = countingFetch();
    const { backend } = backendFor(server, mode, { fetch: doFetch });
    await backend.check!();
    await server.close();
    await expect(backend.generate(request(mode))).rejects.toThrow(/gave up after 3 attempts/);
    expect(urls.filter((u) => u.endsWith('/completions'))).toHaveLength(3);
  });
});
