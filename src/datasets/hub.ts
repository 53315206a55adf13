import { DatasetError } from '../core/errors.js';
import type { DatasetSpec } from './types.js';

export const DEFAULT_HUB_URL = 'https://huggingface.co';
export const DEFAULT_GITHUB_URL = 'https://raw.githubusercontent.com';

const HINT_LOCAL = 'or supply the file yourself with --dataset-path FILE or --data-dir DIR';

/** `${hubUrl}/datasets/${repo}/resolve/${revision}/${path}`, each segment URL-encoded. */
export function hubFileUrl(hubUrl: string, hub: DatasetSpec['hub']): string {
  const segments = [...hub.repo.split('/'), 'resolve', hub.revision, ...hub.path.split('/')];
  return `${hubUrl.replace(/\/+$/, '')}/datasets/${segments.map(encodeURIComponent).join('/')}`;
}

/** `${githubUrl}/${owner}/${name}/${commit}/${path}` (GitHub's raw files), each segment URL-encoded. */
export function githubFileUrl(githubUrl: string, hub: DatasetSpec['hub']): string {
  const segments = [...hub.repo.split('/'), hub.revision, ...hub.path.split('/')];
  return `${githubUrl.replace(/\/+$/, '')}/${segments.map(encodeURIComponent).join('/')}`;
}

export interface DownloadOptions {
  fetch: typeof fetch;
  /** Sent as `Authorization: Bearer …` when set. */
  token: string | undefined;
  /** Where the file is published, for messages. Default: the Hub. */
  site?: 'hub' | 'github';
}

/**
 * Downloads one Hub file into memory (benchmark files are a few MB). Redirects to the Hub's CDN
 * are followed by fetch, which drops the Authorization header when the redirect changes origin.
 * Throws DatasetError naming the URL, with a hint per failure: 404 (wrong revision or path),
 * 401/403 (HF_TOKEN), other statuses, and network errors.
 */
export async function downloadHubFile(url: string, options: DownloadOptions): Promise<Uint8Array> {
  const headers = {
    'user-agent': 'passk',
    ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
  };
  let response: Response;
  try {
    response = await options.fetch(url, { headers, redirect: 'follow' });
  } catch (error) {
    const where = options.site === 'github' ? 'GitHub' : 'the Hugging Face Hub';
    const variable = options.site === 'github' ? 'PASSK_GITHUB_URL' : 'HF_ENDPOINT';
    throw new DatasetError(`could not reach ${where} at ${url} (${reason(error)})`, {
      hint: `check the network (or ${variable}), ${HINT_LOCAL}`,
      cause: error,
    });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw options.site === 'github'
      ? githubError(url, response.status)
      : httpError(url, response.status, options.token !== undefined);
  }
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw new DatasetError(`download of ${url} broke off (${reason(error)})`, {
      hint: `try again, ${HINT_LOCAL}`,
      cause: error,
    });
  }
}

function httpError(url: string, status: number, sentToken: boolean): DatasetError {
  if (status === 404) {
    return new DatasetError(`not found on the Hub (HTTP 404): ${url}`, {
      hint: `check the dataset id, the pinned revision and the file path, ${HINT_LOCAL}`,
    });
  }
  if (status === 401 || status === 403) {
    const hint = sentToken
      ? 'the Hub refused HF_TOKEN: check the token, and that its account accepted the terms of the dataset'
      : 'this dataset needs a Hugging Face token: set HF_TOKEN';
    return new DatasetError(`the Hub refused access (HTTP ${status}): ${url}`, {
      hint: `${hint}, ${HINT_LOCAL}`,
    });
  }
  return new DatasetError(`the Hub answered HTTP ${status} for ${url}`, {
    hint: `try again later, ${HINT_LOCAL}`,
  });
}

function githubError(url: string, status: number): DatasetError {
  const what = status === 404 ? 'not found on GitHub (HTTP 404)' : `GitHub answered HTTP ${status}`;
  const hint =
    status === 404
      ? 'check the repository, the pinned commit and the file path'
      : 'try again later';
  return new DatasetError(`${what}: ${url}`, { hint: `${hint}, ${HINT_LOCAL}` });
}

// fetch wraps the real network error (ECONNREFUSED, ENOTFOUND, …) in `cause`.
function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
