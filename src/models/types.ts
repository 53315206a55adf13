/**
 * The model seam: one interface every backend (OpenAI-protocol server, in-process engine)
 * implements. Backends know nothing about tasks, problems or run directories; they turn one
 * request into n completions and classify their own transport errors.
 */

/** One chat turn, as the OpenAI chat protocol sends it. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What is sent to the model: raw text to continue, or a conversation to answer. */
export type ModelPrompt =
  | { kind: 'completion'; text: string }
  | { kind: 'chat'; messages: readonly ChatMessage[] };

/** Sampling parameters of one request. `maxNewTokens` counts generated tokens only. */
export interface SamplingParams {
  temperature: number;
  topP: number;
  maxNewTokens: number;
  /** Seed of this request (with n > 1, one seed covers all n choices). */
  seed?: number;
  /** Stop sequences; searched in generated text only. */
  stop: readonly string[];
}

export interface GenerateRequest {
  prompt: ModelPrompt;
  /** How many completions to return for this prompt. */
  n: number;
  sampling: SamplingParams;
}

export type FinishReason = 'stop' | 'length' | (string & {});

/** One completion of a request. */
export interface Completion {
  /** Generated text only (never the prompt). After an early stop: all text received. */
  text: string;
  finishReason: FinishReason;
  /** Prompt tokens of the request this completion came from (shared by its n choices). */
  tokensIn?: number;
  /** Generated tokens of this completion (server usage, else counted stream deltas). */
  tokensOut?: number;
  /** The stop sequence that made the client end this sample's stream early. */
  stoppedEarlyBy?: string;
  /** Estimated tokens not generated thanks to the early stop (upper bound; see backend docs). */
  tokensSaved?: number;
  /** The model name the server reported in its response. */
  serverModel?: string;
  /**
   * Reasoning tokens (a reasoning model's `reasoning_content`, or usage's
   * completion_tokens_details.reasoning_tokens); `<think>` text in `text` is counted later.
   */
  reasoningTokens?: number;
}

/** Where completions came from, for the run's metadata. */
export interface BackendProvenance {
  backend: string;
  /** The model asked for (the request's `model`, or the GGUF path / hf: reference). */
  model: string;
  /** The model name the server reported, once a response has arrived. */
  serverModel?: string;
  /**
   * The model the server said it serves before the run (GET /models): a resumed run refuses a
   * server that now serves another one.
   */
  servedModel?: string;
  baseUrls?: readonly string[];
  /** Any other setting that changes what is generated or how (api, streaming, threads, …). */
  settings: Record<string, unknown>;
}

/** What a backend went through to get its completions, for run.json and the summary line. */
export interface BackendStats {
  /** Attempts sent (first tries and retries). */
  attempts: number;
  /** Failed attempts that were retried, by cause (`http-503`, `idle-timeout`, `error-event`, …). */
  retries: Record<string, number>;
  /** Requests that failed for good after their retries, by the last cause. */
  gaveUp: Record<string, number>;
  /** Fallbacks taken: `stream_options` (server rejected it), `ignored_n` (fewer choices than n). */
  fallbacks: Record<string, number>;
  /** Per replica: requests sent and how often its circuit breaker opened (dead replica). */
  replicas?: { url: string; requests: number; breakerOpened: number }[];
}

export interface ModelBackend {
  /** Backend name plus model, e.g. 'openai-compatible:codellama-7b'. */
  readonly id: string;
  /** The prompt form this backend sends: completion text, or chat messages. */
  readonly promptKind: ModelPrompt['kind'];
  /**
   * How many requests this backend serves at once (replicas × batch size); the generation
   * stage keeps this many requests in flight unless told otherwise.
   */
  readonly concurrency: number;
  /**
   * The largest `n` worth putting in one request (1 = send one request per sample, each with
   * its own seed). Backends may still return fewer completions than asked for.
   */
  readonly maxSamplesPerRequest: number;
  describe(): BackendProvenance;
  /**
   * Returns up to `request.n` completions (fewer only if the server ignored `n`). Transient
   * errors are retried inside; throws ModelRequestError when the request failed for good
   * (ContextLengthError for a prompt that does not fit), or the signal's reason when aborted.
   */
  generate(request: GenerateRequest, signal?: AbortSignal): Promise<Completion[]>;
  /**
   * Checks the server before the first request (reachable, answers, which model it serves),
   * with the backend's retries and timeouts; throws a one-line PasskError naming the cause.
   */
  check?(signal?: AbortSignal): Promise<void>;
  /** Counters so far (retries by cause, fallbacks, dead replicas). */
  stats?(): BackendStats;
  close?(): Promise<void>;
}
