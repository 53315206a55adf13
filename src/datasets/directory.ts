import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DatasetError } from '../core/errors.js';
import { readDatasetEnv } from './env.js';
import type { DatasetLoadOptions, LoadedDataset } from './types.js';

/**
 * A benchmark that is a folder tree rather than one file (QuixBugs): every regular file under
 * `--dataset-path DIR`, else `dataDir/localDir`, becomes a row `{path, text}` (path relative to
 * the folder, '/'-separated, rows in path order; `.gz` files decompressed). The sha256 covers every path and its bytes, so
 * any change to the tree changes it. Folders are never downloaded.
 */
export async function loadDirectoryDataset(
  localDir: string,
  options: DatasetLoadOptions,
): Promise<LoadedDataset> {
  const dataDir = options.dataDir ?? readDatasetEnv().dataDir;
  const dir =
    options.datasetPath !== undefined
      ? resolve(options.datasetPath)
      : dataDir === undefined
        ? undefined
        : resolve(dataDir, localDir);
  if (dir === undefined || !(await stat(dir).catch(() => undefined))?.isDirectory()) {
    throw new DatasetError(`benchmark folder not found: ${dir ?? localDir}`, {
      hint: `point --data-dir at a folder holding ${localDir}/, or --dataset-path at the folder itself`,
    });
  }
  const files = (await listFiles(dir)).sort();
  const hash = createHash('sha256');
  const rows: Record<string, unknown>[] = [];
  for (const file of files) {
    const bytes = await readFile(file);
    const path = relative(dir, file).split(sep).join('/');
    hash.update(`${path}\0${createHash('sha256').update(bytes).digest('hex')}\n`);
    // A gzipped file's row holds its decompressed text (the hash covers the stored bytes).
    const text = path.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
    rows.push({ path, text });
  }
  if (rows.length === 0)
    throw new DatasetError(`${dir} holds no files`, { hint: 'check the folder' });
  return { rows, file: dir, sha256: hash.digest('hex'), source: 'local' };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(path);
      return entry.isFile() ? [path] : [];
    }),
  );
  return nested.flat();
}
