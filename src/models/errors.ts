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
 * A failure worth trying again (429, 5xx, timeout, reset connection, malformed body).
 * `retryAfterMs` is the server's Retry-After, when it sent one.
 */
export class RetryableRequestError extends ModelRequestError {
  readonly retryAfterMs: number | undefined;
  constructor(
    message: string,
    options: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    const { retryAfterMs, ...rest } = options;
    super(message, { ...rest, retryable: true });
    this.retryAfterMs = retryAfterMs;
  }
}
