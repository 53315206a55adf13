import { ModelRequestError } from '../core/errors.js';

/**
 * The prompt (plus max_new_tokens) does not fit the model's context. Never retried and never
 * silently truncated: the generation stage records it per problem.
 */
export class ContextLengthError extends ModelRequestError {
  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, {
      ...options,
      retryable: false,
      hint: 'use a model with a longer context, or lower --max-new-tokens',
    });
  }
}

/** Messages servers use for prompt overflow (OpenAI, vLLM, TGI, llama.cpp server, SGLang). */
const CONTEXT_LENGTH_PATTERNS = [
  /maximum context length/i,
  /context[_ ]length[_ ]exceeded/i,
  /exceeds? (the )?(available )?context/i,
  /input (is )?too long/i,
  /prompt is too long/i,
  /must have less than \d+ tokens/i,
  /longer than the model/i,
];

export function isContextLengthMessage(message: string): boolean {
  return CONTEXT_LENGTH_PATTERNS.some((pattern) => pattern.test(message));
}

/**
 * Why an attempt failed, for run.json's retry counters: `http-<status>`, `idle-timeout`,
 * `total-timeout`, `transport` (reset, refused), `malformed`, `no-choices`, `error-event` (the
 * server reported an error inside a 200 answer or stream), `no-finish-reason` (a stream or
 * choice that ended without one), `stream-options` (fallback for servers that reject it).
 */
export type RetryReason = string;

/**
 * A failure worth trying again (429, 5xx, timeout, reset connection, malformed body, an error
 * event or a missing finish reason). `retryAfterMs` is the server's Retry-After, when it sent one.
 */
export class RetryableRequestError extends ModelRequestError {
  readonly retryAfterMs: number | undefined;
  readonly reason: RetryReason;
  constructor(
    message: string,
    options: { status?: number; retryAfterMs?: number; cause?: unknown; reason?: RetryReason } = {},
  ) {
    const { retryAfterMs, reason, ...rest } = options;
    super(message, { ...rest, retryable: true });
    this.retryAfterMs = retryAfterMs;
    this.reason = reason ?? (rest.status === undefined ? 'transport' : `http-${rest.status}`);
  }
}

/**
 * Every replica of the model server has been failing for longer than the outage limit, or the
 * server could not be reached before the run: the run stops (what finished is kept) instead of
 * turning every remaining sample into a failure.
 */
export class ServerUnavailableError extends ModelRequestError {
  constructor(message: string, options: { cause?: unknown; hint?: string } = {}) {
    super(message, {
      ...options,
      hint: options.hint ?? 'check that the model server is up, then continue with --resume',
    });
  }
}
