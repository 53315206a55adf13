import { ConfigError, ModelRequestError } from '../../core/errors.js';
import {
  type BreakerPolicy,
  DEFAULT_BREAKER,
  type Outcome,
  ReplicaPool,
} from '../../core/replicas.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, withRetries } from '../../core/retry.js';
import { apiKeyFromEnv } from '../env.js';
import { RetryableRequestError, ServerUnavailableError } from '../errors.js';
import type {
  BackendProvenance,
  BackendStats,
  Completion,
  GenerateRequest,
  ModelBackend,
  ModelPrompt,
} from '../types.js';
import { AnswerModelCheck, STRAY_ANSWERS_TO_STOP } from './answer-model.js';
import { fetchModels, type ListedModel, normalizeBaseUrl } from './endpoints.js';
import { errorFromException, errorFromResponse, isUnreachable, RequestControl } from './http.js';
import { aliasesOf, singleModel } from './listed-models.js';
import { type FetchLike, type FetchResponse, nodeFetch } from './node-fetch.js';
import { completionsFromBody, type OpenAIApi, parseWire, requestBody } from './protocol.js';
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
  /** Extra HTTP headers for every request (`--header K:V`). */
  headers?: Record<string, string>;
  /** Requests in flight per replica (`--batch-size`). Default 8. */
  batchSize?: number;
  /** Largest `n` per request; 1 disables server-side n (for servers that ignore it). Default 20. */
  maxSamplesPerRequest?: number;
  /** Stream responses so each sample can stop early on its own stop sequence. Default true. */
  stream?: boolean;
  /**
   * Idle timeout: no byte received for this long fails the attempt (retried). A stream that
   * keeps sending is never cut by it. Default 300 000 ms.
   */
  requestTimeoutMs?: number;
  /**
   * Cap on one whole attempt, however busy the stream (`--total-timeout`): a server that
   * trickles tokens forever (ignoring max_tokens) still ends. Default 3 600 000 ms; 0 = none.
   */
  totalTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Per-replica circuit breaker and the outage limit (see ReplicaPool). */
  breaker?: Partial<BreakerPolicy>;
  /** Send at most this many stop sequences to the server (OpenAI takes 4). Default: all. */
  serverStopLimit?: number;
  /** Extra JSON fields for every request body (top_k, repetition_penalty, …). */
  extraBody?: Record<string, unknown>;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: FetchLike;
  /** Told about each retry (for logs). */
  onRetry?: (message: string, delayMs: number) => void;
  /** Told about replica health and fallbacks (a replica failing, all down, stream_options). */
  onNotice?: (message: string) => void;
}

export { normalizeBaseUrl, splitBaseUrls } from './endpoints.js';

/** One attempt's default cap (an hour: far beyond any honest answer, short of a lost night). */
export const DEFAULT_TOTAL_TIMEOUT_MS = 3_600_000;

/** A backend for any server speaking the OpenAI completions or chat protocol. */
export function createOpenAICompatibleBackend(options: OpenAICompatibleOptions): ModelBackend {
  return new OpenAICompatibleBackend(options);
}

/** Causes that say the replica itself is down or broken (its circuit breaker counts them). */
function replicaOutcome(error: unknown): Outcome {
  if (!(error instanceof RetryableRequestError)) return 'neutral';
  // 429 is load, a total timeout is a slow stream, an error event or a missing finish reason is
  // a failed generation on a live server: none of them says the replica is dead.
  const alive = ['http-429', 'total-timeout', 'error-event', 'no-finish-reason', 'stream-options'];
  // (a wrong model, an HTML page, a choice without text: that replica is misrouted or broken)
  return alive.includes(error.reason) ? 'neutral' : 'failed';
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
  private readonly totalTimeoutMs: number;
  private readonly policy: RetryPolicy;
  private readonly pool: ReplicaPool;
  private readonly doFetch: FetchLike;
  private readonly headers: Record<string, string>;
  private model: Promise<string> | undefined;
  private checked: Promise<void> | undefined;
  private listed: string | undefined;
  /** Other names the server lists for the listed model's weights (vLLM's aliases). */
  private aliases: string[] = [];
  /** Pins the model the answers come from; refuses stray ones (see AnswerModelCheck). */
  private readonly answerModel: AnswerModelCheck;
  /** Cleared for servers that reject stream_options (then there is no usage in streams). */
  private streamUsage = true;
  private readonly counters: BackendStats = { attempts: 0, retries: {}, gaveUp: {}, fallbacks: {} };

  constructor(private readonly options: OpenAICompatibleOptions) {
    this.baseUrls = options.baseUrls.map(normalizeBaseUrl);
    if (this.baseUrls.length === 0) throw new ConfigError('openai-compatible needs --base-url');
    if (new Set(this.baseUrls).size !== this.baseUrls.length) {
      throw new ConfigError(`--base-url lists a replica twice: ${this.baseUrls.join(', ')}`);
    }
    this.api = options.api ?? 'completions';
    this.stream = options.stream ?? true;
    this.timeoutMs = options.requestTimeoutMs ?? 300_000;
    this.totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    // a lone request's retries are enough to tell "another model everywhere" at start
    this.answerModel = new AnswerModelCheck(
      Math.min(STRAY_ANSWERS_TO_STOP, this.policy.maxRetries + 1),
    );
    this.pool = new ReplicaPool(
      this.baseUrls,
      options.batchSize ?? 8,
      { ...DEFAULT_BREAKER, ...options.breaker },
      (message) => options.onNotice?.(message),
    );
    this.doFetch = options.fetch ?? nodeFetch;
    const apiKey = options.apiKey ?? apiKeyFromEnv();
    this.headers = {
      ...options.headers,
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
      ...(this.answerModel.pinned === undefined ? {} : { serverModel: this.answerModel.pinned }),
      ...(this.listed === undefined ? {} : { servedModel: this.listed }),
      baseUrls: this.baseUrls,
      settings: {
        api: this.api,
        stream: this.stream,
        streamUsage: this.streamUsage,
        batchSize: this.pool.perReplica,
        requestsPerReplica: this.pool.sent,
        ...(this.options.extraBody === undefined ? {} : { extraBody: this.options.extraBody }),
        ...(this.options.serverStopLimit === undefined
          ? {}
          : { serverStopLimit: this.options.serverStopLimit }),
      },
    };
  }

  stats(): BackendStats {
    const { sent, opened } = this.pool;
    return {
      ...structuredClone(this.counters),
      replicas: this.baseUrls.map((url, i) => ({
        url,
        requests: sent[i]!,
        breakerOpened: opened[i]!,
      })),
    };
  }

  /**
   * GET /models on every replica, with the retry policy and the request timeout. A replica
   * that cannot be reached starts with its breaker open; none reachable, a 401/403, or (without
   * --model-name) no single model listed: a one-line error before any sample is asked for.
   */
  check(signal?: AbortSignal): Promise<void> {
    // Asked once (runModel checks before writing the run dir, generate() again: no new
    // request); a failed check is asked again.
    this.checked ??= this.runCheck(signal).catch((error: unknown) => {
      this.checked = undefined;
      throw error;
    });
    return this.checked;
  }

  private async runCheck(signal?: AbortSignal): Promise<void> {
    // Once one replica answers, a replica that has already failed is not waited for (its
    // breaker opens and probes it later): a dead replica must not hold the run up.
    let anyUp = false;
    const stops = this.baseUrls.map(() => new AbortController());
    const failedOnce = this.baseUrls.map(() => false);
    const checkOne = (url: string, i: number) => {
      const stop = stops[i]!;
      const forward = () => stop.abort(signal?.reason);
      signal?.addEventListener('abort', forward, { once: true });
      return withRetries(
        async () => {
          try {
            const models = await fetchModels(
              url,
              this.doFetch,
              this.headers,
              this.timeoutMs,
              stop.signal,
            );
            anyUp = true;
            stops.forEach((other, j) => {
              if (failedOnce[j]) other.abort(new StartupGiveUp());
            });
            return models;
          } catch (error) {
            failedOnce[i] = true;
            // Refused, unknown host, no route: nothing is listening there, and waiting out the
            // whole retry schedule (~20 s) only delays the one-line error. Retries are kept for
            // a server that answers badly (a 503 while it warms up) and for faults mid-run.
            if ((anyUp || isUnreachable(error)) && error instanceof RetryableRequestError) {
              throw new ModelRequestError(error.message, { retryable: true, cause: error });
            }
            throw error;
          }
        },
        this.policy,
        stop.signal,
        (error, delayMs) => this.options.onRetry?.(`start-up check: ${error.message}`, delayMs),
      ).finally(() => signal?.removeEventListener('abort', forward));
    };
    const outcomes = await Promise.allSettled(this.baseUrls.map(checkOne));
    if (signal?.aborted) throw signal.reason;
    const reachable: { url: string; models: ListedModel[] | undefined }[] = [];
    const down: { url: string; error: Error }[] = [];
    outcomes.forEach((outcome, i) => {
      const url = this.baseUrls[i]!;
      if (outcome.status === 'fulfilled') reachable.push({ url, models: outcome.value });
      else if (outcome.reason instanceof StartupGiveUp || isRetryableGiveUp(outcome.reason))
        down.push({ url, error: outcome.reason });
      else throw outcome.reason; // 401/403, a bad route…: every request would fail the same way
    });
    if (reachable.length === 0) {
      throw new ServerUnavailableError(`cannot reach the model server: ${down[0]!.error.message}`, {
        hint: 'start the server (or fix --base-url) and run again',
      });
    }
    for (const { url, error } of down) this.pool.markDown(url, error.message);
    this.listed = this.servedModelOf(reachable);
    if (this.options.model === undefined && this.listed !== undefined) {
      this.model = Promise.resolve(this.listed);
    }
  }

  /**
   * The one model the replicas serve, when they say (undefined for servers without /models),
   * and the other names they list for its weights.
   */
  private servedModelOf(reachable: { url: string; models: ListedModel[] | undefined }[]) {
    const wanted = this.options.model;
    const served = new Set<string>();
    for (const { url, models } of reachable) {
      if (models === undefined) continue;
      const ids = models.map((m) => m.id);
      const one = wanted !== undefined && ids.includes(wanted) ? wanted : singleModel(models);
      if (one !== undefined) {
        served.add(one);
        this.aliases.push(...aliasesOf(one, models).filter((a) => !this.aliases.includes(a)));
      } else if (wanted === undefined) {
        throw new ConfigError(
          `${url}/models lists ${ids.length} models; say which with --model-name`,
          { hint: ids.length > 0 ? `available: ${ids.join(', ')}` : 'the server listed none' },
        );
      }
    }
    if (served.size > 1) {
      throw new ConfigError(`the replicas serve different models: ${[...served].join(', ')}`, {
        hint: 'every --base-url must serve the same model',
      });
    }
    if (served.size === 0 && wanted === undefined) {
      throw new ConfigError('the server does not list its models (GET /models)', {
        hint: 'pass --model-name explicitly',
      });
    }
    return [...served][0];
  }

  async generate(request: GenerateRequest, signal?: AbortSignal): Promise<Completion[]> {
    let failedUrl: string | undefined;
    let completions: Completion[];
    try {
      completions = await withRetries(
        async () => {
          const lease = await this.pool.acquire(signal, failedUrl);
          let outcome: Outcome = 'neutral';
          try {
            const result = await this.send(lease.url, request, signal);
            outcome = 'ok';
            return result;
          } catch (error) {
            outcome = replicaOutcome(error);
            if (outcome === 'failed') {
              failedUrl = lease.url;
              this.pool.noteError(lease.url, (error as Error).message);
            }
            throw error;
          } finally {
            lease.release(signal?.aborted ? 'neutral' : outcome);
          }
        },
        this.policy,
        signal,
        (error, delayMs) => {
          this.count(this.counters.retries, error.reason);
          this.options.onRetry?.(error.message, delayMs);
        },
      );
    } catch (error) {
      const last = error instanceof ModelRequestError ? error.cause : undefined;
      if (last instanceof RetryableRequestError) this.count(this.counters.gaveUp, last.reason);
      throw error;
    }
    if (completions.length < request.n) this.count(this.counters.fallbacks, 'ignored_n');
    return completions;
  }

  async close(): Promise<void> {
    this.pool.close();
  }

  private count(table: Record<string, number>, key: string): void {
    table[key] = (table[key] ?? 0) + 1;
  }

  /** The `model` to send: the one given, else the one the replicas list (asked once). */
  private modelName(signal?: AbortSignal): Promise<string> {
    this.model ??= this.check(signal).then(
      () => this.options.model ?? this.listed!,
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
    const streamUsage = this.streamUsage;
    const body = requestBody(request, {
      api: this.api,
      model: this.options.model ?? (await this.modelName(signal)),
      stream: this.stream,
      streamUsage,
      serverStopLimit: this.options.serverStopLimit ?? Number.POSITIVE_INFINITY,
      extraBody: this.options.extraBody ?? {},
    });
    this.counters.attempts++;
    const endpoint = url + (this.api === 'chat' ? '/chat/completions' : '/completions');
    const control = new RequestControl(signal, this.timeoutMs, this.totalTimeoutMs);
    try {
      const response = await this.doFetch(endpoint, {
        method: 'POST',
        headers: this.headers,
        body: JSON.stringify(body),
        signal: control.signal,
      });
      if (!response.ok) throw await this.failure(response, endpoint, streamUsage);
      const completions = await this.read(response, endpoint, request, control);
      this.answerModel.check(endpoint, completions[0]?.serverModel, {
        asked: this.options.model,
        listed: this.listed,
        aliases: this.aliases,
      });
      return completions;
    } catch (error) {
      throw errorFromException(error, endpoint, signal, control);
    } finally {
      control.dispose();
    }
  }

  /**
   * Reads a 2xx answer by what it is, not by what was asked: servers and proxies that ignore
   * `stream` send one JSON body to a streaming request (or a stream to a plain one), and an
   * HTML page is a proxy's, never the model's. An unknown content type is read as requested.
   */
  private async read(
    response: FetchResponse,
    endpoint: string,
    request: GenerateRequest,
    control: RequestControl,
  ): Promise<Completion[]> {
    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    const sse = type.includes('text/event-stream') || (this.stream && !type.includes('json'));
    if (!sse || !response.body || type.includes('text/html')) {
      return completionsFromBody(parseWire(await response.text(), endpoint), endpoint, request.n);
    }
    return completionsFromStream(response.body, {
      url: endpoint,
      n: request.n,
      stops: request.sampling.stop,
      maxNewTokens: request.sampling.maxNewTokens,
      abandon: () => control.abandon(),
      onProgress: control.touch,
    });
  }

  /**
   * `sentUsage`: whether this attempt's body had stream_options. Decided per attempt, not from
   * the shared flag, so that requests already in flight when the first rejection cleared the
   * flag are retried without it instead of failing for good.
   */
  private async failure(
    response: FetchResponse,
    endpoint: string,
    sentUsage: boolean,
  ): Promise<Error> {
    const error = await errorFromResponse(response, endpoint);
    if (this.stream && sentUsage && /stream_options/.test(error.message)) {
      // Servers that predate stream_options reject it: ask again without it.
      if (this.streamUsage) {
        this.streamUsage = false;
        this.count(this.counters.fallbacks, 'stream_options');
        this.options.onNotice?.(
          `${endpoint} rejects stream_options: streaming without usage (tokens counted from deltas)`,
        );
      }
      return new RetryableRequestError(error.message, {
        retryAfterMs: 0,
        reason: 'stream-options',
      });
    }
    return error;
  }
}

/** The start-up check stopped waiting for a replica that failed once another one answered. */
class StartupGiveUp extends Error {
  constructor() {
    super('did not answer the start-up check');
  }
}

/** A start-up check that used up its retries on transient failures (the replica looks down). */
function isRetryableGiveUp(error: unknown): error is ModelRequestError {
  return error instanceof ModelRequestError && error.retryable;
}
