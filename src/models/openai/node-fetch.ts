import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/**
 * The part of `fetch` the OpenAI client uses, over node:http. Node's global fetch loads undici
 * on first use: ~0.1 s of CPU at every `passk run` (a third of the CLI's start-up), for a client
 * that sends JSON and reads JSON or SSE. The global fetch (or a test's) still fits this type.
 */
export interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface FetchBody extends AsyncIterable<Uint8Array> {
  cancel(): Promise<void>;
}

export interface FetchResponse {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  body: FetchBody | null;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;

/** As fetch: follows redirects (303, and 301/302 after a POST, become a GET), decodes gzip/deflate/br. */
export async function nodeFetch(url: string, init: FetchInit = {}): Promise<FetchResponse> {
  let target = new URL(url);
  let current = init;
  for (let hop = 0; ; hop++) {
    const res = await send(target, current);
    const location = res.headers['location'];
    if (!REDIRECTS.has(res.statusCode ?? 0) || location === undefined || hop >= MAX_REDIRECTS) {
      return wrap(res, current.signal);
    }
    res.resume();
    const next = new URL(location, target);
    // As fetch: the API key is not sent on to another origin (a redirect to another host, or
    // from https to http, must not receive it).
    if (next.origin !== target.origin)
      current = { ...current, headers: withoutCredentials(current.headers) };
    target = next;
    const status = res.statusCode ?? 0;
    if (status === 303 || ((status === 301 || status === 302) && current.method === 'POST')) {
      const { body: _dropped, ...rest } = current;
      current = { ...rest, method: 'GET' };
    }
  }
}

const CREDENTIALS = new Set(['authorization', 'proxy-authorization', 'cookie']);

function withoutCredentials(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).filter(([name]) => !CREDENTIALS.has(name.toLowerCase())),
  );
}

function send(target: URL, init: FetchInit): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const signal = init.signal;
    if (signal?.aborted) return reject(signal.reason);
    const transport =
      target.protocol === 'https:'
        ? httpsRequest
        : target.protocol === 'http:'
          ? httpRequest
          : null;
    if (transport === null) return reject(new TypeError(`${target.href}: not an http(s) URL`));
    const headers: Record<string, string> = {
      accept: '*/*',
      'accept-encoding': 'gzip, deflate, br',
      ...init.headers,
    };
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    let req: ClientRequest;
    try {
      req = transport(target, { method: init.method ?? 'GET', headers });
    } catch (error) {
      // an invalid header name or value: fetch rejects the same way
      return reject(error);
    }
    const onAbort = () => req.destroy(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    req.once('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    req.once('response', (res) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(res);
    });
    req.end(init.body);
  });
}

/** The decoded body as fetch gives it: aborting the signal fails the read with its reason. */
function wrap(res: IncomingMessage, signal: AbortSignal | undefined): FetchResponse {
  const body = decoded(res);
  const onAbort = () => {
    res.destroy(signal?.reason);
    body.destroy(signal?.reason);
  };
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  body.once('close', () => signal?.removeEventListener('abort', onAbort));
  const status = res.statusCode ?? 0;
  const text = async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name) => headerValue(res, name) },
    body: Object.assign(body, {
      cancel: async () => {
        body.destroy();
      },
    }),
    text,
    json: async () => JSON.parse(await text()),
  };
}

function headerValue(res: IncomingMessage, name: string): string | null {
  const value = res.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

function decoded(res: IncomingMessage): Readable {
  const encoding = (res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (decoder === undefined) return res;
  // a corrupt body or a connection lost mid-body fails the decoder's reads
  return pipeline(res, decoder, () => undefined);
}
