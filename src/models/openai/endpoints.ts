import { ConfigError, ModelRequestError } from '../../core/errors.js';
import { errorFromResponse } from './http.js';

/** `--base-url a,b,c` → its URLs (blanks dropped). */
export function splitBaseUrls(flag: string): string[] {
  return flag
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

/** Accepts http://host:8000 as well as http://host:8000/v1; strips trailing slashes. */
export function normalizeBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(`--base-url '${raw}' is not a URL`, {
      hint: 'e.g. http://127.0.0.1:8000/v1',
    });
  }
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path === '' ? '/v1' : path}`;
}

/** The model a server lists at GET /models, when it lists exactly one (vLLM, llama.cpp). */
export async function listedModel(
  baseUrl: string,
  doFetch: typeof fetch,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<string> {
  const url = `${baseUrl}/models`;
  let ids: string[] = [];
  try {
    const response = await doFetch(url, { headers, ...(signal ? { signal } : {}) });
    if (!response.ok) throw await errorFromResponse(response, url);
    const body = (await response.json()) as { data?: { id?: unknown }[] };
    ids = (body.data ?? [])
      .map((entry) => entry.id)
      .filter((id): id is string => typeof id === 'string');
  } catch (cause) {
    if (signal?.aborted) throw signal.reason;
    throw new ModelRequestError(`could not list the models at ${url}: ${String(cause)}`, {
      cause,
      hint: 'pass --model-name explicitly',
    });
  }
  if (ids.length === 1) return ids[0]!;
  throw new ConfigError(`${url} lists ${ids.length} models; say which with --model-name`, {
    hint: ids.length > 0 ? `available: ${ids.join(', ')}` : 'the server listed none',
  });
}
