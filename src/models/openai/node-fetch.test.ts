import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FetchLike, nodeFetch } from './node-fetch.js';

// BackendOptions.fetch still takes the global fetch (checked by tsc --noEmit).
const globalFetchFits: FetchLike = fetch;
void globalFetchFits;

/** What the fetch-like client must do as the global fetch did, against a real local server. */

let server: Server;
let base = '';
/** Another origin (same host, another port), for redirects that leave the first. */
let other: Server;
let otherBase = '';

const routes: Record<string, (req: IncomingMessage, res: ServerResponse, body: string) => void> = {
  '/echo': (req, res, body) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('set-cookie', ['a=1', 'b=2']);
    const { authorization } = req.headers;
    res.end(
      JSON.stringify({
        method: req.method,
        body,
        length: req.headers['content-length'],
        authorization,
      }),
    );
  },
  '/307': (_req, res) => {
    res.writeHead(307, { location: '/echo' }).end();
  },
  '/away': (_req, res) => {
    res.writeHead(307, { location: `${otherBase}/echo` }).end();
  },
  '/303': (_req, res) => {
    res.writeHead(303, { location: `${base}/echo` }).end();
  },
  '/gzip': (_req, res) => {
    res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('zipped é'));
  },
  '/deflate': (_req, res) => {
    res.writeHead(200, { 'content-encoding': 'deflate' }).end(deflateSync('deflated'));
  },
  '/br': (_req, res) => {
    res.writeHead(200, { 'content-encoding': 'br' }).end(brotliCompressSync('brotli'));
  },
  '/bad-gzip': (_req, res) => {
    res.writeHead(200, { 'content-encoding': 'gzip' }).end('not gzip at all');
  },
  '/stall': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: {}\n\n');
  },
};

async function listen(): Promise<[Server, string]> {
  const created = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => routes[req.url ?? '']?.(req, res, body));
  });
  await new Promise<void>((resolve) => created.listen(0, '127.0.0.1', resolve));
  return [created, `http://127.0.0.1:${(created.address() as AddressInfo).port}`];
}

beforeAll(async () => {
  [server, base] = await listen();
  [other, otherBase] = await listen();
});
afterAll(async () => {
  for (const s of [server, other]) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

describe('nodeFetch', () => {
  it('sends the body with its length and reads status, headers and JSON', async () => {
    const response = await nodeFetch(`${base}/echo`, { method: 'POST', body: '{"é":1}' });
    expect(response.ok).toBe(true);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(response.headers.get('x-absent')).toBeNull();
    expect(await response.json()).toEqual({ method: 'POST', body: '{"é":1}', length: '8' });
  });

  it('follows redirects as fetch does: 307 keeps the POST, 303 becomes a GET', async () => {
    const kept = await nodeFetch(`${base}/307`, { method: 'POST', body: 'x' });
    expect(await kept.json()).toMatchObject({ method: 'POST', body: 'x' });
    const changed = await nodeFetch(`${base}/303`, { method: 'POST', body: 'x' });
    expect(await changed.json()).toMatchObject({ method: 'GET', body: '' });
  });

  it('sends the API key on a redirect within the origin, never to another origin', async () => {
    const headers = { authorization: 'Bearer secret' };
    const same = await nodeFetch(`${base}/307`, { method: 'POST', body: 'x', headers });
    expect(await same.json()).toMatchObject({ authorization: 'Bearer secret' });
    const away = await nodeFetch(`${base}/away`, { method: 'POST', body: 'x', headers });
    const echoed = (await away.json()) as Record<string, unknown>;
    expect(echoed).toMatchObject({ method: 'POST', body: 'x' });
    expect(echoed['authorization']).toBeUndefined();
  });

  it('decodes gzip, deflate and brotli bodies, and fails the read of a corrupt one', async () => {
    expect(await (await nodeFetch(`${base}/gzip`)).text()).toBe('zipped é');
    expect(await (await nodeFetch(`${base}/deflate`)).text()).toBe('deflated');
    expect(await (await nodeFetch(`${base}/br`)).text()).toBe('brotli');
    await expect((await nodeFetch(`${base}/bad-gzip`)).text()).rejects.toThrow();
  });

  it('aborting the signal fails a body read that is waiting, with the reason', async () => {
    const control = new AbortController();
    const response = await nodeFetch(`${base}/stall`, { signal: control.signal });
    const read = (async () => {
      for await (const _chunk of response.body!) control.abort(new Error('idle'));
    })();
    await expect(read).rejects.toThrow('idle');
  });

  it('rejects an aborted signal and a URL that is not http(s) before sending', async () => {
    const reason = new Error('stopped');
    await expect(nodeFetch(`${base}/echo`, { signal: AbortSignal.abort(reason) })).rejects.toBe(
      reason,
    );
    await expect(nodeFetch('ftp://127.0.0.1/x')).rejects.toThrow('not an http(s) URL');
  });
});
