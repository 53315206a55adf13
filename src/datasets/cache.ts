import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DatasetError } from '../core/errors.js';
import { sha256Hex } from './hash.js';
import { readIfExists } from './local.js';
import type { DatasetSpec } from './types.js';

/**
 * `${cacheDir}/datasets/${repo}/${revision}/${path}` (GitHub files under `datasets/github/`, so
 * a GitHub repository never shares a folder with a Hub dataset of the same name): one immutable
 * file per pinned revision.
 * Throws DatasetError when a part would climb out of the cache ('..') or is empty.
 */
export function cachePath(cacheDir: string, hub: DatasetSpec['hub']): string {
  const parts = [hub.repo, hub.revision, hub.path].flatMap((part) => part.split('/'));
  if (parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw new DatasetError(`invalid Hub file ${hub.repo}@${hub.revision}:${hub.path}`, {
      hint: "the task's dataset spec needs a repo id, a revision and a relative file path",
    });
  }
  return join(cacheDir, 'datasets', ...(hub.host === 'github' ? ['github'] : []), ...parts);
}

/** What the cache holds for one file. */
export type CacheLookup =
  | { state: 'miss' }
  | { state: 'hit'; bytes: Uint8Array; sha256: string }
  /** The bytes do not match their `.sha256` sidecar (or it is missing), or not the pinned hash. */
  | { state: 'corrupt'; detail: string };

/**
 * Looks a file up in the cache and checks its bytes against the sha256 sidecar written with it
 * and, when the task pins one, against the pinned sha256 (a file cached before the pin, or
 * from another mirror, is not trusted).
 */
export async function readCache(file: string, pinned: string | undefined): Promise<CacheLookup> {
  const bytes = await readIfExists(file);
  if (bytes === undefined) return { state: 'miss' };
  const sidecar = await readIfExists(`${file}.sha256`);
  const recorded = sidecar === undefined ? undefined : new TextDecoder().decode(sidecar).trim();
  const actual = sha256Hex(bytes);
  if (recorded === undefined) {
    return { state: 'corrupt', detail: `sha256 ${actual}; its .sha256 sidecar is missing` };
  }
  if (actual !== recorded) {
    return { state: 'corrupt', detail: `sha256 ${actual}; its .sha256 sidecar says ${recorded}` };
  }
  if (pinned !== undefined && pinned.toLowerCase() !== actual) {
    return { state: 'corrupt', detail: `sha256 ${actual}; the task pins ${pinned}` };
  }
  return { state: 'hit', bytes, sha256: actual };
}

/**
 * Stores downloaded bytes: each of the file and its sidecar goes to a temp file in the same
 * directory and is renamed into place, so a reader (or a second passk process) never sees a
 * half-written file. The data file is renamed first, so a crash between the two renames leaves
 * it beside a missing or older sidecar: the next load either finds that they agree or treats
 * the file as corrupt and downloads it again. It never trusts bytes that were not checked.
 */
export async function writeCache(file: string, bytes: Uint8Array, sha256: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeAtomic(file, bytes);
  await writeAtomic(`${file}.sha256`, `${sha256}\n`);
}

/**
 * Replaces `file` all at once: a sibling temp file named with the pid and random bytes (never a
 * name another writer shares) renamed over it.
 */
export async function writeAtomic(file: string, data: Uint8Array | string): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
