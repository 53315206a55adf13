import { ConfigError } from '../../core/errors.js';
import { errorFromException, errorFromResponse, RequestControl } from './http.js';
import type { FetchLike } from './node-fetch.js';

/**
 * `--base-url` values → their URLs: each value may itself be a comma list, and the flag may be
 * repeated (`--base-url A --base-url B,C` = A, B, C). Blanks are dropped.
 */
export function splitBaseUrls(flag: string | readonly string[]): string[] {
  const values = typeof flag === 'string' ? [flag] : flag;
  return values
    .flatMap((value) => value.split(','))
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

/**
 * Accepts http://host:8000 as well as http://host:8000/v1; strips trailing slashes. A URL
 * without a scheme (`localhost:8000`, which WHATWG URL parses as scheme `localhost:`) is
 * refused with the URL it probably meant, rather than sent to `null8000/models`.
 */
export function normalizeBaseUrl(raw: string): string {
  const text = raw.trim();
  if (!/^https?:\/\//i.test(text)) {
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1];
    throw new ConfigError(
      scheme === undefined
        ? `--base-url '${raw}' has no scheme`
        : `--base-url '${raw}': only http:// and https:// are supported, not ${scheme}://`,
      { hint: `e.g. --base-url http://${scheme === undefined ? text : 'host:8000'}` },
    );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`--base-url '${raw}' is not a URL`, {
      hint: 'e.g. http://127.0.0.1:8000/v1',
    });
  }
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path === '' ? '/v1' : path}`;
}

/**
 * A model GET /models lists. vLLM also gives the weights it serves (`root`: one card per
 * `--served-model-name`, all with the same model path) and, for a LoRA adapter, its base
 * (`parent`); other servers give the id alone.
 */
export interface ListedModel {
  id: string;
  root?: string;
  parent?: string;
}

/**
 * One GET /models attempt with the request timeout: the models listed, or undefined when
 * the server has no such route (404/405: some servers do not implement it). Failures come out
 * as the same errors as generation requests (retryable or not).
 */
export async function fetchModels(
  baseUrl: string,
  doFetch: FetchLike,
  headers: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<ListedModel[] | undefined> {
  const url = `${baseUrl}/models`;
  const control = new RequestControl(signal, timeoutMs);
  try {
    const response = await doFetch(url, { headers, signal: control.signal });
    if (response.status === 404 || response.status === 405) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) throw await errorFromResponse(response, url);
    const body = (await response.json().catch(() => ({}))) as { data?: unknown };
    return (Array.isArray(body.data) ? body.data : []).flatMap(listedModel);
  } catch (error) {
    throw errorFromException(error, url, signal, control);
  } finally {
    control.dispose();
  }
}

/** One entry of a /models listing (none when it has no string id). */
function listedModel(entry: unknown): ListedModel[] {
  if (typeof entry !== 'object' || entry === null) return [];
  const { id, root, parent } = entry as Record<string, unknown>;
  if (typeof id !== 'string') return [];
  return [
    {
      id,
      ...(typeof root === 'string' ? { root } : {}),
      ...(typeof parent === 'string' ? { parent } : {}),
    },
  ];
}
