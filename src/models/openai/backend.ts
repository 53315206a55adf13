import { ConfigError } from '../../core/errors.js';
import { apiKeyFromEnv } from '../env.js';
import { RetryableRequestError } from '../errors.js';
import type {
  BackendProvenance,
  Completion,
  GenerateRequest,
  ModelBackend,
  ModelPrompt,
} from '../types.js';
import { listedModel, normalizeBaseUrl } from './endpoints.js';
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

export { normalizeBaseUrl, splitBaseUrls } from './endpoints.js';

/** A backend for any server speaking the OpenAI completions or chat protocol. */
export function createOpenAICompatibleBackend(options: OpenAICompatibleOptions): ModelBackend {
  return new OpenAICompatibleBackend(options);
}

class OpenAICompatibleBackend implements ModelBackend {
  readonly id: string;
  readonly promptKind: ModelPrompt['kind'];
  readonly concurrency: number;
  readonly maxSamplesPerRequest: number;
  private readonly baseUrls: string[];
  private readonly api: OpenAIApi;
  private readonly stream: boolean;
  private readonly timeoutMs: number;
  private readonly policy: RetryPolicy;
  private readonly pool: ReplicaPool;
  private readonly doFetch: typeof fetch;
  private readonly headers: Record<string, string>;
  private model: Promise<string> | undefined;
  private listed: string | undefined;
  private serverModel: string | undefined;
  /** Cleared for servers that reject stream_options (then there is no usage in streams). */
  private streamUsage = true;

  constructor(private readonly options: OpenAICompatibleOptions) {
    this.baseUrls = options.baseUrls.map(normalizeBaseUrl);
    if (this.baseUrls.length === 0) throw new ConfigError('openai-compatible needs --base-url');
    this.api = options.api ?? 'completions';
    this.stream = options.stream ?? true;
    this.timeoutMs = options.requestTimeoutMs ?? 300_000;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.pool = new ReplicaPool(this.baseUrls, options.batchSize ?? 8);
    this.doFetch = options.fetch ?? fetch;
    const apiKey = options.apiKey ?? apiKeyFromEnv();
    this.headers = {
      'content-type': 'application/json',
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    };
    this.id = `openai-compatible:${options.model ?? 'served-model'}`;
    this.promptKind = this.api === 'chat' ? 'chat' : 'completion';
    this.concurrency = this.pool.capacity;
    this.maxSamplesPerRequest = Math.max(1, options.maxSamplesPerRequest ?? 20);
  }

  describe(): BackendProvenance {
    return {
      backend: 'openai-compatible',
      model: this.options.model ?? this.listed ?? '(served model)',
      ...(this.serverModel === undefined ? {} : { serverModel: this.serverModel }),
      baseUrls: this.baseUrls,
      settings: {
        api: this.api,
        stream: this.stream,
        streamUsage: this.streamUsage,
        batchSize: this.pool.perReplica,
        requestsPerReplica: [...this.pool.sent],
      },
    };
  }

  async generate(request: GenerateRequest, signal?: AbortSignal): Promise<Completion[]> {
    const completions = await withRetries(
      async () => {
        const lease = await this.pool.acquire(signal);
        try {
          return await this.send(lease.url, request, signal);
        } finally {
          lease.release();
        }
      },
      this.policy,
      signal,
      (error, delayMs) => this.options.onRetry?.(error.message, delayMs),
    );
    this.serverModel ??= completions[0]?.serverModel;
    return completions;
  }

  /** The `model` to send: the one given, else the one the first replica lists (asked once). */
  private modelName(signal?: AbortSignal): Promise<string> {
    this.model ??= this.options.model
      ? Promise.resolve(this.options.model)
      : listedModel(this.baseUrls[0]!, this.doFetch, this.headers, signal).then(
          (name) => {
            this.listed = name;
            return name;
          },
          (error: unknown) => {
            this.model = undefined; // a failed listing is asked again by the next request
            throw error;
          },
        );
    return this.model;
  }

  /** One attempt against one replica; every failure comes out as a ModelRequestError. */
  private async send(
    url: string,
    request: GenerateRequest,
    signal?: AbortSignal,
  ): Promise<Completion[]> {
    const body = requestBody(request, {
      api: this.api,
      model: await this.modelName(signal),
      stream: this.stream,
      streamUsage: this.streamUsage,
      serverStopLimit: this.options.serverStopLimit ?? Number.POSITIVE_INFINITY,
      extraBody: this.options.extraBody ?? {},
    });
    const endpoint = url + (this.api === 'chat' ? '/chat/completions' : '/completions');
    const control = new RequestControl(signal, this.timeoutMs);
    try {
      const response = await this.doFetch(endpoint, {
        method: 'POST',
        headers: this.headers,
        body: JSON.stringify(body),
        signal: control.signal,
      });
      if (!response.ok) throw await this.failure(response, endpoint);
      if (!this.stream || !response.body) {
        return completionsFromBody(parseWire(await response.text(), endpoint), endpoint);
      }
      return await completionsFromStream(response.body, {
        url: endpoint,
        n: request.n,
        stops: request.sampling.stop,
        maxNewTokens: request.sampling.maxNewTokens,
        abandon: () => control.abandon(),
      });
    } catch (error) {
      throw errorFromException(error, endpoint, signal, control.timedOut, this.timeoutMs);
    } finally {
      control.dispose();
    }
  }

  private async failure(response: Response, endpoint: string): Promise<Error> {
    const error = await errorFromResponse(response, endpoint);
    if (this.stream && this.streamUsage && /stream_options/.test(error.message)) {
      // Servers that predate stream_options reject it: ask again without it.
      this.streamUsage = false;
      return new RetryableRequestError(error.message, { retryAfterMs: 0 });
    }
    return error;
  }
}
