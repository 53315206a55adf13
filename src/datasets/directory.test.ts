import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatasetError } from '../core/errors.js';
import { loadDataset } from './index.js';

const tempDir = () => mkdtemp(join(tmpdir(), 'passk-dir-'));
const spec = { hub: { repo: 'x/y', revision: 'main', path: '.' }, localDir: 'tree' };

describe('folder datasets (localDir)', () => {
  it('reads every file as {path, text} in path order, hashing paths and bytes', async () => {
    const dataDir = await tempDir();
    await mkdir(join(dataDir, 'tree', 'b'), { recursive: true });
    await writeFile(join(dataDir, 'tree', 'b', 'one.py'), 'x = 1\n');
    await writeFile(join(dataDir, 'tree', 'a.json'), '[1]\n');
    const first = await loadDataset(spec, { dataDir });
    expect(first.rows).toEqual([
      { path: 'a.json', text: '[1]\n' },
      { path: 'b/one.py', text: 'x = 1\n' },
    ]);
    await writeFile(join(dataDir, 'tree', 'b', 'one.py'), 'x = 2\n');
    const second = await loadDataset(spec, { dataDir });
    expect(second.sha256).not.toBe(first.sha256);
  });

  it('names the folder it could not find', async () => {
    const dataDir = await tempDir();
    await expect(loadDataset(spec, { dataDir })).rejects.toThrow(DatasetError);
    await expect(loadDataset(spec, { dataDir })).rejects.toThrow(/tree/);
  });
});
