import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatasetError } from '../core/errors.js';
import { sha256Hex } from './hash.js';
import { loadDataset } from './index.js';
import type { DatasetSpec } from './types.js';

const spec: DatasetSpec = {
  hub: {
    repo: 'acme/toy-bench',
    revision: '0123456789abcdef0123456789abcdef01234567',
    path: 'toy.parquet',
  },
  localFile: 'toy/toy.jsonl.gz',
};
const bytes = gzipSync('{"task_id": "Toy/0"}\n{"task_id": "Toy/1"}\n');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'passk-load-'));
  // The machine's own settings must not leak in: no data dir, no Hub, never the network.
  vi.stubEnv('PASSK_DATA_DIR', '');
  vi.stubEnv('PASSK_CACHE_DIR', join(dir, 'cache'));
  vi.stubEnv('HF_HUB_OFFLINE', '1');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

async function loadError(options: Parameters<typeof loadDataset>[1]): Promise<DatasetError> {
  const error = await loadDataset(spec, options).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(DatasetError);
  return error as DatasetError;
}

describe('loadDataset from local files', () => {
  it('loads an explicit file, recording its sha256 and source', async () => {
    const file = join(dir, 'mine.jsonl.gz');
    await writeFile(file, bytes);
    const loaded = await loadDataset(spec, { datasetPath: file });
    expect(loaded).toEqual({
      rows: [{ task_id: 'Toy/0' }, { task_id: 'Toy/1' }],
      file,
      sha256: sha256Hex(bytes),
      source: 'local',
    });
  });

  it('resolves spec.localFile inside a data dir (option, then PASSK_DATA_DIR)', async () => {
    await mkdir(join(dir, 'data', 'toy'), { recursive: true });
    await writeFile(join(dir, 'data', 'toy', 'toy.jsonl.gz'), bytes);
    const fromOption = await loadDataset(spec, { dataDir: join(dir, 'data') });
    expect(fromOption.file).toBe(join(dir, 'data', 'toy', 'toy.jsonl.gz'));
    expect(fromOption.source).toBe('local');
    vi.stubEnv('PASSK_DATA_DIR', join(dir, 'data'));
    expect((await loadDataset(spec)).rows).toHaveLength(2);
  });

  it('prefers the explicit file over the data dir', async () => {
    await mkdir(join(dir, 'data', 'toy'), { recursive: true });
    await writeFile(join(dir, 'data', 'toy', 'toy.jsonl.gz'), bytes);
    await writeFile(join(dir, 'one.jsonl'), '{"task_id": "Only"}\n');
    const loaded = await loadDataset(spec, {
      datasetPath: join(dir, 'one.jsonl'),
      dataDir: join(dir, 'data'),
    });
    expect(loaded.rows).toEqual([{ task_id: 'Only' }]);
  });

  it('names a missing explicit file and the flag that supplied it', async () => {
    const error = await loadError({ datasetPath: join(dir, 'nope.jsonl') });
    expect(error.message).toBe(`dataset file not found: ${join(dir, 'nope.jsonl')}`);
    expect(error.hint).toContain('--dataset-path');
  });

  it('names every place it looked when the file is nowhere (offline)', async () => {
    const error = await loadError({ dataDir: join(dir, 'data') });
    expect(error.message).toContain(
      'acme/toy-bench@0123456789abcdef0123456789abcdef01234567:toy.parquet',
    );
    expect(error.message).toContain(join(dir, 'data', 'toy', 'toy.jsonl.gz'));
    expect(error.message).toContain(join(dir, 'cache'));
    expect(error.hint).toMatch(/HF_HUB_OFFLINE.*--dataset-path FILE or --data-dir DIR/);
  });

  it('names a directory passed as the file', async () => {
    const error = await loadError({ datasetPath: dir });
    expect(error.message).toContain('EISDIR');
    expect(error.hint).toContain('not its folder');
  });

  it('wraps a broken line as a DatasetError naming file:line', async () => {
    const file = join(dir, 'bad.jsonl');
    await writeFile(file, '{"task_id": "Toy/0"}\n{"task_id": \n');
    expect((await loadError({ datasetPath: file })).message).toMatch(
      new RegExp(`^${file}:2: not valid JSON`),
    );
  });

  it('rejects an empty file', async () => {
    const file = join(dir, 'empty.jsonl');
    await writeFile(file, '\n');
    expect((await loadError({ datasetPath: file })).message).toBe(`${file} holds no rows`);
  });
});
