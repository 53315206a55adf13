import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip, gzipSync } from 'node:zlib';
import { earliestStop } from '../../src/postprocess/stop.js';

/**
 * A local OpenAI-protocol server for tests and benchmarks: /v1/completions and
 * /v1/chat/completions (streaming SSE and plain JSON, `n`, `stop`, usage) plus GET /v1/models.
 * Text is a deterministic function of (prompt, seed, choice index), so tests can tell which
 * seed produced which sample. Faults are injected per request.
 */

export type Fault =
  | { kind: 'status'; status: number; message?: string; retryAfter?: string }
  | { kind: 'hang' }
  | { kind: 'reset' }
  | { kind: 'reset-mid-stream' }
  | { kind: 'malformed' }
  /**
   * vLLM/SGLang when generation fails: a few pieces, then `data: {"error": …}` and `[DONE]`
   * (streaming); `{"object": "error", …}` with HTTP 200 (plain).
   */
  | { kind: 'error-event'; afterPieces?: number }
  /** Every piece, then [DONE], but no choice ever gets a finish_reason (plain: null). */
  | { kind: 'no-finish-reason' }
  /** Answers normally, each piece `pieceDelayMs` apart (a slow stream that keeps sending). */
  | { kind: 'slow'; pieceDelayMs: number }
  /** Sends a few pieces, then nothing more (an idle stream). */
  | { kind: 'stall-mid-stream'; afterPieces?: number }
  | RewriteFault
  /**
   * Exactly these bytes after the status line and headers, then ends, resets or hangs. With
   * `socket`, the chunks are the whole response, written to the socket as they are (broken
   * framing: a bad chunk size, a body shorter than its Content-Length).
   */
  | {
      kind: 'raw';
      status?: number;
      headers?: Record<string, string>;
      chunks: readonly string[];
      end?: 'end' | 'destroy' | 'hang';
      socket?: boolean;
    }
  /** Status 200 and headers, then `text` every `everyMs` forever (never a whole answer). */
  | { kind: 'trickle'; everyMs: number; text?: string; contentType?: string };

/**
 * The normal answer, rewritten: `body` maps the plain JSON body, `event` each streamed event
 * (undefined drops it), `done: false` leaves out `data: [DONE]`, `contentType` replaces the
 * content type, `gzip` compresses the body (Content-Encoding: gzip), `status` replaces 200.
 */
export interface RewriteFault {
  kind: 'rewrite';
  body?: (body: PlainBody) => unknown;
  event?: (event: StreamEvent) => unknown;
  done?: boolean;
  contentType?: string;
  gzip?: boolean;
  status?: number;
}

/** A plain (non-streamed) answer as the fake server builds it. */
export interface PlainBody {
  object: string;
  model: string;
  choices: Record<string, unknown>[];
  usage?: Record<string, number>;
}

/** One streamed event (a chunk with `choices`, or the last one with `usage`). */
export type StreamEvent = { model: string; choices: Record<string, unknown>[]; usage?: unknown };

export const contextLengthFault: Fault = {
  kind: 'status',
  status: 400,
  message:
    "This model's maximum context length is 2048 tokens. However, you requested 4096 tokens.",
};

export interface ReceivedRequest {
  /** 0-based arrival order on this server. */
  index: number;
  path: string;
  body: Record<string, unknown>;
  authorization: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

export interface TextContext {
  prompt: string;
  seed: number | undefined;
  choice: number;
  chat: boolean;
}

export interface FakeServerOptions {
  /** Model name reported in responses and at GET /v1/models. */
  modelName?: string;
  /** More models listed at GET /v1/models (a server or gateway serving several). */
  otherModels?: readonly string[];
  /**
   * More names of the same weights, listed after `modelName` with its `root` as vLLM lists
   * `--served-model-name a b`; answers name `modelName` whichever is asked for, as vLLM's do.
   */
  aliases?: readonly string[];
  /** Cut text at the request's `stop` as real servers do. Default true. */
  honourStop?: boolean;
  /** Answer one choice whatever `n` asks (servers that ignore n). */
  ignoreN?: boolean;
  /** Delay before each streamed piece (and before a plain answer). Default 0. */
  pieceDelayMs?: number;
  /** The full text a choice would generate (before max_tokens and stop). */
  text?: (context: TextContext) => string;
  /** A fault for this request, or undefined to answer normally. */
  fault?: (request: ReceivedRequest) => Fault | undefined;
  /** A fault for the n-th GET /v1/models (0-based), or undefined to list the model. */
  modelsFault?: (index: number) => Fault | undefined;
  /** Refuse (HTTP 400, as api.openai.com does) requests with more stop sequences than this. */
  maxStops?: number;
  /** Chat streams: this text first, as `reasoning_content` deltas (DeepSeek-R1 on vLLM). */
  reasoningContent?: string;
}

export interface FakeOpenAIServer {
  /** e.g. http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  requests: ReceivedRequest[];
  /** GET /v1/models requests received. */
  readonly modelListings: number;
  /** Streams the client closed before the server finished sending them. */
  readonly abandonedStreams: number;
  /** Pieces actually written to streams (so tests can see generation was cut short). */
  readonly piecesSent: number;
  close(): Promise<void>;
}

/** A tag that differs by prompt, seed and choice: the test's window into which seed was used. */
export function sampleTag(prompt: string, seed: number | undefined, choice: number): string {
  return createHash('sha256')
    .update(`${prompt}\0${seed ?? 'none'}\0${choice}`)
    .digest('hex')
    .slice(0, 10);
}

function defaultText({ prompt, seed, choice, chat }: TextContext): string {
  const body = `    return '${sampleTag(prompt, seed, choice)}'\n`;
  // a chat model echoes the code it was asked to complete (the fenced part of the request)
  const code = /```\w*\n([\s\S]*?)```/.exec(prompt)?.[1] ?? prompt;
  const tail = Array.from({ length: 12 }, (_, i) => `\ndef helper_${i}():\n    return ${i}\n`).join(
    '',
  );
  return chat
    ? `Here you go:\n\n\`\`\`python\n${code}${body}\`\`\`\n\nHope it helps.`
    : body + tail;
}

/** Whitespace-led pieces, about one "token" each. */
export function pieces(text: string): string[] {
  return text.match(/\s*\S+|\s+/g) ?? [];
}

export async function startFakeOpenAIServer(
  options: FakeServerOptions = {},
): Promise<FakeOpenAIServer> {
  const requests: ReceivedRequest[] = [];
  const stats = { abandonedStreams: 0, piecesSent: 0, modelListings: 0 };
  const server = createServer((req, res) => {
    handle(req, res, options, requests, stats).catch(() => res.destroy());
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get modelListings() {
      return stats.modelListings;
    },
    get abandonedStreams() {
      return stats.abandonedStreams;
    },
    get piecesSent() {
      return stats.piecesSent;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

type Stats = { abandonedStreams: number; piecesSent: number; modelListings: number };

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options: FakeServerOptions,
  requests: ReceivedRequest[],
  stats: Stats,
): Promise<void> {
  const raw = await readBody(req);
  const path = (req.url ?? '').split('?')[0] ?? '';
  const modelName = options.modelName ?? 'fake-coder-1b';
  if (req.method === 'GET' && path === '/v1/models') {
    const fault = options.modelsFault?.(stats.modelListings++);
    if (fault && applyFault(fault, req, res, false)) return;
    return sendJson(res, 200, { object: 'list', data: modelCards(modelName, options) });
  }
  const chat = path === '/v1/chat/completions';
  if (req.method !== 'POST' || (!chat && path !== '/v1/completions')) {
    return sendJson(res, 404, { error: { message: `no route ${req.method} ${path}` } });
  }
  const body = JSON.parse(raw) as Record<string, unknown>;
  const request: ReceivedRequest = {
    index: requests.length,
    path,
    body,
    authorization: req.headers.authorization,
    headers: req.headers,
  };
  requests.push(request);
  const stops = (body['stop'] ?? []) as string[];
  if (options.maxStops !== undefined && stops.length > options.maxStops) {
    const message = `'stop' must have at most ${options.maxStops} items, got ${stops.length}`;
    return sendJson(res, 400, { error: { message, type: 'invalid_request_error', param: 'stop' } });
  }
  const fault = options.fault?.(request);
  const stream = body['stream'] === true;
  if (fault && applyFault(fault, req, res, stream)) return;
  const answer = buildAnswer(body, chat, options, modelName);
  if (stream) return streamAnswer(res, answer, chat, options, stats, fault);
  await delay(fault?.kind === 'slow' ? fault.pieceDelayMs : (options.pieceDelayMs ?? 0));
  if (fault?.kind === 'error-event') {
    return sendJson(res, 200, { object: 'error', message: 'injected: generation failed' });
  }
  const plain = plainBody(answer, chat);
  if (fault?.kind === 'no-finish-reason') {
    for (const choice of plain.choices) (choice as { finish_reason: unknown }).finish_reason = null;
  }
  if (fault?.kind === 'rewrite') return sendRewritten(res, fault, plain);
  sendJson(res, 200, plain);
}

/** GET /v1/models: the model, its aliases (vLLM's cards, with `root`), then the others. */
function modelCards(modelName: string, options: FakeServerOptions): Record<string, unknown>[] {
  const others = (options.otherModels ?? []).map((id) => ({ id, object: 'model' }));
  if (options.aliases === undefined) return [{ id: modelName, object: 'model' }, ...others];
  const root = `/models/${modelName}`;
  const names = [modelName, ...options.aliases];
  return [...names.map((id) => ({ id, object: 'model', root, parent: null })), ...others];
}

function sendRewritten(res: ServerResponse, fault: RewriteFault, plain: PlainBody): void {
  const value = fault.body ? fault.body(plain) : plain;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const headers: Record<string, string> = {
    'content-type': fault.contentType ?? 'application/json',
  };
  if (fault.gzip) headers['content-encoding'] = 'gzip';
  res.writeHead(fault.status ?? 200, headers);
  res.end(fault.gzip ? gzipSync(text) : text);
}

/** Applies a fault that replaces the answer; returns false for faults applied mid-answer. */
function applyFault(
  fault: Fault,
  req: IncomingMessage,
  res: ServerResponse,
  stream: boolean,
): boolean {
  switch (fault.kind) {
    case 'status': {
      const headers = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
      sendJson(
        res,
        fault.status,
        { error: { message: fault.message ?? 'injected failure' } },
        headers,
      );
      return true;
    }
    case 'hang':
      return true; // never answer; the client's timeout must fire
    case 'reset':
      req.socket.destroy();
      return true;
    case 'malformed':
      res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' });
      res.end(
        stream ? 'data: {"choices": [{"text": "    ret\n\n' : '{"choices": [{"text": "    re',
      );
      return true;
    case 'stall-mid-stream':
      return !stream; // plain: never answer
    case 'raw':
      if (fault.socket) {
        for (const chunk of fault.chunks) req.socket.write(chunk);
        if (fault.end === 'destroy') req.socket.destroy();
        else if (fault.end !== 'hang') req.socket.end();
        return true;
      }
      res.writeHead(fault.status ?? 200, fault.headers ?? {});
      for (const chunk of fault.chunks) res.write(chunk);
      if (fault.end === 'destroy') req.socket.destroy();
      else if (fault.end !== 'hang') res.end();
      return true;
    case 'trickle': {
      res.writeHead(200, { 'content-type': fault.contentType ?? 'text/event-stream' });
      const timer = setInterval(() => res.write(fault.text ?? ': keep-alive\n\n'), fault.everyMs);
      res.on('close', () => clearInterval(timer));
      return true;
    }
    default:
      return false;
  }
}

interface Answer {
  model: string;
  choices: { pieces: string[]; finishReason: string }[];
  promptTokens: number;
}

function buildAnswer(
  body: Record<string, unknown>,
  chat: boolean,
  options: FakeServerOptions,
  model: string,
): Answer {
  const messages = (body['messages'] ?? []) as { content: string }[];
  const prompt = chat ? messages.map((m) => m.content).join('\n') : String(body['prompt'] ?? '');
  const seed = typeof body['seed'] === 'number' ? body['seed'] : undefined;
  const n = options.ignoreN ? 1 : Number(body['n'] ?? 1);
  const maxTokens = Number(body['max_tokens'] ?? 16);
  const stops = (body['stop'] ?? []) as string[];
  const choices = Array.from({ length: n }, (_, choice) => {
    let text = (options.text ?? defaultText)({ prompt, seed, choice, chat });
    const at = options.honourStop === false ? -1 : earliestStop(text, stops);
    if (at !== -1) text = text.slice(0, at);
    const all = pieces(text);
    const length = all.length > maxTokens;
    return { pieces: all.slice(0, maxTokens), finishReason: length ? 'length' : 'stop' };
  });
  return { model, choices, promptTokens: Math.ceil(prompt.length / 4) };
}

function usage(answer: Answer) {
  const completion = answer.choices.reduce((sum, c) => sum + c.pieces.length, 0);
  return {
    prompt_tokens: answer.promptTokens,
    completion_tokens: completion,
    total_tokens: answer.promptTokens + completion,
  };
}

function plainBody(answer: Answer, chat: boolean): PlainBody {
  return {
    object: chat ? 'chat.completion' : 'text_completion',
    model: answer.model,
    choices: answer.choices.map((choice, index) => {
      const text = choice.pieces.join('');
      const content = chat ? { message: { role: 'assistant', content: text } } : { text };
      return { index, ...content, finish_reason: choice.finishReason };
    }),
    usage: usage(answer),
  };
}

/** Streams choices interleaved piece by piece, as vLLM does for n > 1. */
async function streamAnswer(
  res: ServerResponse,
  answer: Answer,
  chat: boolean,
  options: FakeServerOptions,
  stats: Stats,
  fault: Fault | undefined,
): Promise<void> {
  let finished = false;
  res.on('close', () => {
    if (!finished) stats.abandonedStreams++;
  });
  const rewrite = fault?.kind === 'rewrite' ? fault : undefined;
  const out = streamSink(res, rewrite);
  const chunk = (index: number, text: string, finish: string | null, reasoning = false) => {
    const delta = chat
      ? { delta: reasoning ? { reasoning_content: text } : { content: text } }
      : { text };
    return { model: answer.model, choices: [{ index, ...delta, finish_reason: finish }] };
  };
  const send = (value: StreamEvent): void => {
    const event = rewrite?.event ? rewrite.event(value) : value;
    if (event === undefined) return;
    out.write(`data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`);
  };
  const pieceDelay = fault?.kind === 'slow' ? fault.pieceDelayMs : (options.pieceDelayMs ?? 0);
  if (chat && options.reasoningContent !== undefined) {
    for (const piece of pieces(options.reasoningContent)) {
      answer.choices.forEach((_, index) => {
        send(chunk(index, piece, null, true));
      });
    }
  }
  const longest = Math.max(...answer.choices.map((c) => c.pieces.length));
  for (let step = 0; step < longest; step++) {
    await delay(pieceDelay);
    if (res.destroyed) return;
    if (fault?.kind === 'reset-mid-stream' && step === 2) return void res.socket?.destroy();
    if (fault?.kind === 'stall-mid-stream' && step === (fault.afterPieces ?? 2)) return; // idle
    if (fault?.kind === 'error-event' && step === (fault.afterPieces ?? 2)) {
      // vLLM's shape: an error object in place of a chunk, then the stream ends normally
      out.write(
        `data: ${JSON.stringify({ error: { object: 'error', message: 'injected: engine failed', code: 500 } })}\n\n`,
      );
      finished = true;
      return void out.end('data: [DONE]\n\n');
    }
    answer.choices.forEach((choice, index) => {
      const piece = choice.pieces[step];
      if (piece === undefined) return;
      stats.piecesSent++;
      send(chunk(index, piece, null));
    });
  }
  if (fault?.kind !== 'no-finish-reason') {
    answer.choices.forEach((choice, index) => {
      send(chunk(index, '', choice.finishReason));
    });
  }
  send({ model: answer.model, choices: [], usage: usage(answer) });
  finished = true;
  out.end(rewrite?.done === false ? '' : 'data: [DONE]\n\n');
}

/** Where a stream's events go: the response, or a gzip stream flushed after every event. */
function streamSink(res: ServerResponse, rewrite: RewriteFault | undefined) {
  const headers: Record<string, string> = {
    'content-type': rewrite?.contentType ?? 'text/event-stream',
    'cache-control': 'no-cache',
  };
  if (rewrite?.gzip) headers['content-encoding'] = 'gzip';
  res.writeHead(rewrite?.status ?? 200, headers);
  if (!rewrite?.gzip) {
    return { write: (text: string) => res.write(text), end: (text: string) => res.end(text) };
  }
  const gzip = createGzip();
  gzip.pipe(res);
  return {
    write: (text: string) => {
      gzip.write(text);
      gzip.flush();
    },
    end: (text: string) => gzip.end(text),
  };
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function delay(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}
