import { ConfigError, ModelRequestError } from '../../core/errors.js';
import { apiKeyFromEnv } from '../env.js';
import { RetryableRequestError } from '../errors.js';
import type { BackendProvenance, Completion, GenerateRequest, ModelBackend } from '../types.js';
import { errorFromException, errorFromResponse, RequestControl } from './http.js';
import { completionsFromBody, type OpenAIApi, parseWire, requestBody } from './protocol.js';
import { ReplicaPool } from './replicas.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, withRetries } from './retry.js';
import { completionsFromStream } from './stream.js';

export interface OpenAICompatibleOptions {
  /** One or more base URLs of replicas serving the same model, e.g. http://host:8000/v1. */
  baseUrls: readonly string[];
  /** The `model` sent in requests; when omitted, the single model listed by GET /models. */
  model?: string;
  /** 'completions' → POST /completions (default); 'chat' → POST /chat/completions. */
  api?: OpenAIApi;
  /** Defaults to PASSK_API_KEY, else OPENAI_API_KEY (see env.ts); none for local servers. */
  apiKey?: string;
  /** Requests in flight per replica (`--batch-size`). Default 8. */
  batchSize?: number;
  /** Largest `n` per request; 1 disables server-side n (for servers that ignore it). Default 20. */
  maxSamplesPerRequest?: number;
  /** Stream responses so each sample can stop early on its own stop sequence. Default true. */
  stream?: boolean;
  /** Whole-request timeout, retried like any transient failure. Default 300 000 ms. */
  requestTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Send at most this many stop sequences to the server (OpenAI takes 4). Default: all. */
  serverStopLimit?: number;
  /** Extra JSON fields for every request body (top_k, repetition_penalty, …). */
  extraBody?: Record<string, unknown>;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Told about each retry (for logs). */
  onRetry?: (message: string, delayMs: number) => void;
}

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

/** A backend for any server speaking the OpenAI completions or chat protocol. */
export function createOpenAICompatibleBackend(options: OpenAICompatibleOptions): ModelBackend {
  const baseUrls = options.baseUrls.map(normalizeBaseUrl);
  if (baseUrls.length === 0) throw new ConfigError('openai-compatible needs --base-url');
  const api = options.api ?? 'completions';
  const stream = options.stream ?? true;
  const timeoutMs = options.requestTimeoutMs ?? 300_000;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const pool = new ReplicaPool(baseUrls, options.batchSize ?? 8);
  const doFetch = options.fetch ?? fetch;
  const apiKey = options.apiKey ?? apiKeyFromEnv();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
  };
  const path = api === 'chat' ? '/chat/completions' : '/completions';
  let model: Promise<string> | undefined;
  let serverModel: string | undefined;
  let listed: string | undefined;
  let streamUsage = true;

  const modelName = (signal?: AbortSignal) => {
    model ??= options.model
      ? Promise.resolve(options.model)
      : listedModel(baseUrls[0]!, doFetch, headers, signal).then(
          (name) => {
            listed = name;
            return name;
          },
          (error: unknown) => {
            model = undefined; // a failed listing is asked again by the next request
            throw error;
          },
        );
    return model;
  };

  async function once(
    url: string,
    request: GenerateRequest,
    signal?: AbortSignal,
  ): Promise<Completion[]> {
    const body = requestBody(request, {
      api,
      model: await modelName(signal),
      stream,
      streamUsage,
      serverStopLimit: options.serverStopLimit ?? Number.POSITIVE_INFINITY,
      extraBody: options.extraBody ?? {},
    });
    const control = new RequestControl(signal, timeoutMs);
    const endpoint = url + path;
    try {
      const response = await doFetch(endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: control.signal,
      });
      if (!response.ok) {
        const error = await errorFromResponse(response, endpoint);
        if (streamUsage && stream && /stream_options/.test(error.message)) {
          // Servers that predate stream_options reject it: ask again without it (no usage then).
          streamUsage = false;
          throw new RetryableRequestError(error.message, { retryAfterMs: 0 });
        }
        throw error;
      }
      if (!stream || !response.body)
        return completionsFromBody(parseWire(await response.text(), endpoint), endpoint);
      return await completionsFromStream(response.body, {
        url: endpoint,
        n: request.n,
        stops: request.sampling.stop,
        maxNewTokens: request.sampling.maxNewTokens,
        abandon: () => control.abandon(),
      });
    } catch (error) {
      throw errorFromException(error, endpoint, signal, control.timedOut, timeoutMs);
    } finally {
      control.dispose();
    }
  }

  return {
    id: `openai-compatible:${options.model ?? 'served-model'}`,
    promptKind: api === 'chat' ? 'chat' : 'completion',
    concurrency: pool.capacity,
    maxSamplesPerRequest: Math.max(1, options.maxSamplesPerRequest ?? 20),
    describe: (): BackendProvenance => ({
      backend: 'openai-compatible',
      model: options.model ?? listed ?? '(served model)',
      ...(serverModel === undefined ? {} : { serverModel }),
      baseUrls,
      settings: {
        api,
        stream,
        streamUsage,
        batchSize: pool.perReplica,
        requestsPerReplica: [...pool.sent],
      },
    }),
    async generate(request, signal) {
      const completions = await withRetries(
        async () => {
          const lease = await pool.acquire(signal);
          try {
            return await once(lease.url, request, signal);
          } finally {
            lease.release();
          }
        },
        policy,
        signal,
        (error, delayMs) => options.onRetry?.(error.message, delayMs),
      );
      serverModel ??= completions[0]?.serverModel;
      return completions;
    },
  };
}

/** The model a server lists at GET /models, when it lists exactly one (vLLM, llama.cpp). */
async function listedModel(
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
