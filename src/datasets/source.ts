import { isAbsolute, resolve } from 'node:path';
import { DatasetError } from '../core/errors.js';
import { cachePath, readCache, writeCache } from './cache.js';
import { type DatasetEnv, readDatasetEnv } from './env.js';
import { sha256Hex } from './hash.js';
import {
  DEFAULT_GITHUB_URL,
  DEFAULT_HUB_URL,
  downloadHubFile,
  githubFileUrl,
  hubFileUrl,
} from './hub.js';
import { readIfExists } from './local.js';
import { defaultCacheDir } from './paths.js';
import type { DatasetLoadOptions, DatasetSpec, LoadedDataset } from './types.js';

/** A dataset file's bytes and where they came from: everything of LoadedDataset except rows. */
export type ResolvedFile = Omit<LoadedDataset, 'rows'> & { bytes: Uint8Array };

const HINT_SUPPLY = 'supply the file with --dataset-path FILE or --data-dir DIR';

/**
 * Finds a dataset's file, in order: `datasetPath` (must exist), `dataDir` + `spec.localFile`,
 * the Hub cache (checked against its sha256 sidecar), then a Hub download into the cache unless
 * offline. Throws one DatasetError that names every place looked at and how to supply the file.
 */
export async function resolveDatasetFile(
  spec: DatasetSpec,
  options: DatasetLoadOptions,
): Promise<ResolvedFile> {
  if (options.datasetPath !== undefined) return explicitFile(resolve(options.datasetPath));
  // A custom task built from a file names that file as its localFile.
  if (spec.localFile !== undefined && isAbsolute(spec.localFile)) {
    return explicitFile(spec.localFile);
  }
  const env = readDatasetEnv();
  const tried: string[] = [];
  const dataDir = options.dataDir ?? env.dataDir;
  if (dataDir !== undefined && spec.localFile !== undefined) {
    const file = resolve(dataDir, spec.localFile);
    const bytes = await readIfExists(file);
    if (bytes !== undefined) return { file, bytes, sha256: sha256Hex(bytes), source: 'local' };
    tried.push(file);
  }
  return fromHub(spec, options, env, tried);
}

async function explicitFile(file: string): Promise<ResolvedFile> {
  const bytes = await readIfExists(file);
  if (bytes === undefined) {
    throw new DatasetError(`dataset file not found: ${file}`, {
      hint: 'check the path given to --dataset-path (library: datasetPath)',
    });
  }
  return { file, bytes, sha256: sha256Hex(bytes), source: 'local' };
}

async function fromHub(
  spec: DatasetSpec,
  options: DatasetLoadOptions,
  env: DatasetEnv,
  tried: string[],
): Promise<ResolvedFile> {
  const file = cachePath(options.cacheDir ?? defaultCacheDir(), spec.hub);
  const revision = spec.hub.revision;
  const cached = await readCache(file, spec.hub.sha256);
  if (cached.state === 'hit') {
    return { file, bytes: cached.bytes, sha256: cached.sha256, source: 'cache', revision };
  }
  if (options.offline ?? env.offline) {
    throw cached.state === 'corrupt'
      ? corruptOffline(file, cached.detail)
      : coldOffline(spec, file, tried);
  }
  const onGithub = spec.hub.host === 'github';
  const url = onGithub
    ? githubFileUrl(options.githubUrl ?? env.githubUrl ?? DEFAULT_GITHUB_URL, spec.hub)
    : hubFileUrl(options.hubUrl ?? env.hubUrl ?? DEFAULT_HUB_URL, spec.hub);
  const bytes = await withTried(tried, () =>
    downloadHubFile(url, {
      fetch: options.fetch ?? globalThis.fetch,
      // The Hugging Face token is the Hub's secret: never sent to GitHub.
      token: onGithub ? undefined : (options.token ?? env.token),
      site: onGithub ? 'github' : 'hub',
    }),
  );
  const sha256 = sha256Hex(bytes);
  checkPinnedHash(url, sha256, spec.hub.sha256);
  await storeInCache(file, bytes, sha256);
  return { file, bytes, sha256, source: 'hub', revision };
}

function checkPinnedHash(url: string, actual: string, expected: string | undefined): void {
  if (expected === undefined || expected.toLowerCase() === actual) return;
  throw new DatasetError(`${url} has sha256 ${actual}, but the task pins ${expected}`, {
    hint: `HF_ENDPOINT or a proxy may serve a different file; ${HINT_SUPPLY}`,
  });
}

async function storeInCache(file: string, bytes: Uint8Array, sha256: string): Promise<void> {
  try {
    await writeCache(file, bytes, sha256);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new DatasetError(`cannot write the dataset cache at ${file} (${code})`, {
      hint: 'point PASSK_CACHE_DIR (library: cacheDir) at a writable directory',
      cause: error,
    });
  }
}

function coldOffline(spec: DatasetSpec, file: string, tried: string[]): DatasetError {
  const { repo, revision, path } = spec.hub;
  return new DatasetError(
    `dataset ${repo}@${revision}:${path} is not in the cache (${file})${notFoundIn(tried)}, and passk is offline`,
    { hint: `unset HF_HUB_OFFLINE / PASSK_OFFLINE to download it once, or ${HINT_SUPPLY}` },
  );
}

function corruptOffline(file: string, detail: string): DatasetError {
  return new DatasetError(`cached dataset ${file} is corrupted (${detail}), and passk is offline`, {
    hint: `go online once so passk downloads it again, or ${HINT_SUPPLY}`,
  });
}

/** Adds the local paths already looked at to a download error, so one message tells the whole story. */
async function withTried<T>(tried: string[], download: () => Promise<T>): Promise<T> {
  try {
    return await download();
  } catch (error) {
    if (!(error instanceof DatasetError) || tried.length === 0) throw error;
    throw new DatasetError(`${error.message}${notFoundIn(tried)}`, {
      ...(error.hint === undefined ? {} : { hint: error.hint }),
      cause: error.cause,
    });
  }
}

function notFoundIn(tried: string[]): string {
  return tried.length === 0 ? '' : `; not found locally either (${tried.join(', ')})`;
}
