import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatasetError } from '../core/errors.js';
import { sha256Hex } from './hash.js';
import { loadDataset } from './index.js';
import type { DatasetLoadOptions, DatasetSpec } from './types.js';

const REVISION = 'feedc0de00000000000000000000000000000001';
const FILE_PATH = 'full/test-00000-of-00001.parquet';
const URL_PATH = `/datasets/acme/toy-bench/resolve/${REVISION}/${FILE_PATH}`;
const spec: DatasetSpec = { hub: { repo: 'acme/toy-bench', revision: REVISION, path: FILE_PATH } };

/** The file the fake Hub serves: two invented rows, GZIP pages, an INT64 column. */
const body = new Uint8Array(
  parquetWriteBuffer({
    codec: 'GZIP',
    compressors: { GZIP: (input) => gzipSync(input) },
    columnData: [
      { name: 'task_id', data: [11n, 12n], type: 'INT64' },
      { name: 'text', data: ['toy one', 'toy two'], type: 'STRING' },
    ],
  }),
);
const expectedRows = [
  { task_id: 11, text: 'toy one' },
  { task_id: 12, text: 'toy two' },
];

interface FakeHub {
  url: string;
  requests: { path: string; authorization: string | undefined }[];
  /** Status per request path; unlisted paths get 404, URL_PATH gets 200 + body by default. */
  status: Map<string, number>;
  close(): Promise<void>;
}

async function startHub(): Promise<FakeHub> {
  const hub: Omit<FakeHub, 'url' | 'close'> = { requests: [], status: new Map([[URL_PATH, 200]]) };
  const server: Server = createServer((request: IncomingMessage, response) => {
    const path = request.url ?? '';
    hub.requests.push({ path, authorization: request.headers.authorization });
    const status = path === '/cdn/blob' ? 200 : (hub.status.get(path) ?? 404);
    // The real Hub answers `resolve` URLs with a redirect to its CDN.
    if (status === 302) response.writeHead(302, { location: '/cdn/blob' }).end();
    else response.writeHead(status).end(status === 200 ? body : 'nope');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { ...hub, url: `http://127.0.0.1:${port}`, close };
}

let dir: string;
let cacheDir: string;
let hub: FakeHub;
let online: DatasetLoadOptions;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'passk-hub-'));
  cacheDir = join(dir, 'cache');
  hub = await startHub();
  online = { cacheDir, hubUrl: hub.url, offline: false };
  for (const name of [
    'HF_ENDPOINT',
    'HF_TOKEN',
    'PASSK_CACHE_DIR',
    'PASSK_DATA_DIR',
    'HF_HUB_OFFLINE',
    'PASSK_OFFLINE',
  ]) {
    vi.stubEnv(name, '');
  }
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await hub.close();
  await rm(dir, { recursive: true, force: true });
});

async function loadError(options: DatasetLoadOptions, which = spec): Promise<DatasetError> {
  const error = await loadDataset(which, options).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(DatasetError);
  return error as DatasetError;
}

const cachedFile = () =>
  join(cacheDir, 'datasets', 'acme', 'toy-bench', REVISION, 'full', 'test-00000-of-00001.parquet');

describe('loadDataset from the Hub', () => {
  it('downloads the pinned file into the cache, with a sha256 sidecar', async () => {
    const loaded = await loadDataset(spec, { ...online, token: 'secret' });
    expect(hub.requests).toEqual([{ path: URL_PATH, authorization: 'Bearer secret' }]);
    expect(loaded).toEqual({
      rows: expectedRows,
      file: cachedFile(),
      sha256: sha256Hex(body),
      source: 'hub',
      revision: REVISION,
    });
    expect(new Uint8Array(await readFile(cachedFile()))).toEqual(body);
    expect(await readFile(`${cachedFile()}.sha256`, 'utf8')).toBe(`${sha256Hex(body)}\n`);
  });

  it('sends no Authorization header without a token', async () => {
    await loadDataset(spec, online);
    expect(hub.requests[0]?.authorization).toBeUndefined();
  });

  it('serves a second load from the cache, with the Hub gone and offline', async () => {
    await loadDataset(spec, online);
    await hub.close();
    for (const options of [online, { cacheDir, offline: true }]) {
      const loaded = await loadDataset(spec, options);
      expect(loaded.source).toBe('cache');
      expect(loaded.sha256).toBe(sha256Hex(body));
      expect(loaded.rows).toEqual(expectedRows);
    }
    expect(hub.requests).toHaveLength(1);
  });

  it('downloads again when the cached file no longer matches its sidecar', async () => {
    await loadDataset(spec, online);
    await writeFile(cachedFile(), 'flipped bits');
    const loaded = await loadDataset(spec, online);
    expect(loaded.source).toBe('hub');
    expect(hub.requests).toHaveLength(2);
    expect(new Uint8Array(await readFile(cachedFile()))).toEqual(body);
  });

  it('refuses a corrupted cache when offline', async () => {
    await loadDataset(spec, online);
    await writeFile(cachedFile(), 'flipped bits');
    const error = await loadError({ cacheDir, offline: true });
    expect(error.message).toContain(`cached dataset ${cachedFile()} is corrupted`);
    expect(error.message).toContain(`sidecar says ${sha256Hex(body)}`);
    expect(error.hint).toContain('go online');
  });

  it('says how to get the file when offline with a cold cache', async () => {
    const error = await loadError({ ...online, offline: true });
    expect(error.message).toMatch(/is not in the cache .* and passk is offline$/);
    expect(error.hint).toMatch(/HF_HUB_OFFLINE.*--dataset-path/);
    expect(hub.requests).toHaveLength(0);
  });

  it('names the URL and suspects the revision or path on 404', async () => {
    const wrong: DatasetSpec = { hub: { ...spec.hub, revision: 'deadbeef' } };
    const error = await loadError(online, wrong);
    expect(error.message).toBe(
      `not found on the Hub (HTTP 404): ${hub.url}/datasets/acme/toy-bench/resolve/deadbeef/${FILE_PATH}`,
    );
    expect(error.hint).toMatch(/revision and the file path/);
  });

  it('asks for HF_TOKEN on 401, and questions the token on 403', async () => {
    hub.status.set(URL_PATH, 401);
    expect((await loadError(online)).hint).toMatch(/needs a Hugging Face token: set HF_TOKEN/);
    hub.status.set(URL_PATH, 403);
    const error = await loadError({ ...online, token: 'stale' });
    expect(error.message).toBe(`the Hub refused access (HTTP 403): ${hub.url}${URL_PATH}`);
    expect(error.hint).toMatch(/refused HF_TOKEN/);
  });

  it('reports other HTTP errors and caches nothing', async () => {
    hub.status.set(URL_PATH, 503);
    expect((await loadError(online)).message).toBe(
      `the Hub answered HTTP 503 for ${hub.url}${URL_PATH}`,
    );
    expect((await loadError({ cacheDir, offline: true })).message).toContain('not in the cache');
  });

  it('names the URL when the Hub cannot be reached', async () => {
    await hub.close();
    const error = await loadError(online);
    expect(error.message).toMatch(
      /^could not reach the Hugging Face Hub at http:\/\/127\.0\.0\.1:\d+\/datasets\//,
    );
    expect(error.hint).toContain('HF_ENDPOINT');
  });

  it('adds the local path it tried to a failed download', async () => {
    hub.status.set(URL_PATH, 500);
    const withLocal: DatasetSpec = { ...spec, localFile: 'toy/toy.jsonl' };
    const error = await loadError({ ...online, dataDir: join(dir, 'data') }, withLocal);
    expect(error.message).toContain(
      `not found locally either (${join(dir, 'data', 'toy', 'toy.jsonl')})`,
    );
  });

  it('rejects a download whose sha256 differs from the pinned one, caching nothing', async () => {
    const pinned: DatasetSpec = { hub: { ...spec.hub, sha256: '0'.repeat(64) } };
    const error = await loadError(online, pinned);
    expect(error.message).toBe(
      `${hub.url}${URL_PATH} has sha256 ${sha256Hex(body)}, but the task pins ${'0'.repeat(64)}`,
    );
    expect((await loadError({ cacheDir, offline: true })).message).toContain('not in the cache');
    expect(
      (await loadDataset({ hub: { ...spec.hub, sha256: sha256Hex(body) } }, online)).source,
    ).toBe('hub');
  });

  it('does not trust a cached file that differs from the pinned sha256', async () => {
    await loadDataset(spec, online);
    const pinned: DatasetSpec = { hub: { ...spec.hub, sha256: 'F'.repeat(64) } };
    const error = await loadError({ cacheDir, offline: true }, pinned);
    expect(error.message).toContain(`(sha256 ${sha256Hex(body)}; the task pins ${'F'.repeat(64)})`);
  });

  it('treats a cached file without its sidecar as corrupt', async () => {
    await loadDataset(spec, online);
    await rm(`${cachedFile()}.sha256`);
    expect((await loadError({ cacheDir, offline: true })).message).toContain('sidecar is missing');
    expect((await loadDataset(spec, online)).source).toBe('hub');
    expect(await readFile(`${cachedFile()}.sha256`, 'utf8')).toBe(`${sha256Hex(body)}\n`);
  });

  it('takes its defaults from HF_ENDPOINT, HF_TOKEN, PASSK_CACHE_DIR and HF_HUB_OFFLINE', async () => {
    vi.stubEnv('HF_ENDPOINT', `${hub.url}/`);
    vi.stubEnv('HF_TOKEN', 'from-env');
    vi.stubEnv('PASSK_CACHE_DIR', cacheDir);
    expect((await loadDataset(spec)).file).toBe(cachedFile());
    expect(hub.requests).toEqual([{ path: URL_PATH, authorization: 'Bearer from-env' }]);
    await rm(cacheDir, { recursive: true });
    vi.stubEnv('HF_HUB_OFFLINE', '1');
    expect((await loadError({})).message).toContain('passk is offline');
    expect((await loadDataset(spec, { offline: false })).source).toBe('hub');
  });

  it('refuses a Hub path that would climb out of the cache', async () => {
    const escaping: DatasetSpec = { hub: { ...spec.hub, path: '../../outside.parquet' } };
    expect((await loadError(online, escaping)).message).toMatch(/^invalid Hub file/);
    expect(hub.requests).toHaveLength(0);
  });

  it('follows a redirect to the file', async () => {
    hub.status.set(URL_PATH, 302);
    expect((await loadDataset(spec, online)).rows).toEqual(expectedRows);
    expect(hub.requests.map((request) => request.path)).toEqual([URL_PATH, '/cdn/blob']);
  });

  it('uses an injected fetch', async () => {
    const fetch = vi.fn(async () => new Response(body));
    const loaded = await loadDataset(spec, {
      cacheDir,
      hubUrl: 'https://hub.invalid',
      offline: false,
      fetch,
    });
    expect(fetch).toHaveBeenCalledWith(`https://hub.invalid${URL_PATH}`, expect.anything());
    expect(loaded.rows).toEqual(expectedRows);
  });
});

describe('loadDataset from GitHub', () => {
  const onGithub: DatasetSpec = { hub: { ...spec.hub, host: 'github' } };
  const githubPath = `/acme/toy-bench/${REVISION}/${FILE_PATH}`;

  it("downloads a repository's file from GitHub's raw files, never sending the Hub token", async () => {
    hub.status.set(githubPath, 200);
    const loaded = await loadDataset(onGithub, {
      ...online,
      githubUrl: hub.url,
      token: 'hf-secret',
    });
    expect(loaded.rows).toEqual(expectedRows);
    expect(hub.requests).toEqual([{ path: githubPath, authorization: undefined }]);
    expect(loaded.file).toBe(
      join(cacheDir, 'datasets', 'github', 'acme', 'toy-bench', REVISION, ...FILE_PATH.split('/')),
    );
  });

  it('takes its base URL from PASSK_GITHUB_URL and names GitHub on 404', async () => {
    vi.stubEnv('PASSK_GITHUB_URL', hub.url);
    const error = await loadError({ cacheDir, offline: false }, onGithub);
    expect(error.message).toBe(`not found on GitHub (HTTP 404): ${hub.url}${githubPath}`);
  });
});
