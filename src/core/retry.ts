import { ModelRequestError, RetryableRequestError } from './errors.js';

/** How transient failures are retried. Defaults suit a busy vLLM or a rate-limited hosted API. */
export interface RetryPolicy {
  /** Retries after the first attempt (so maxRetries + 1 attempts in all). */
  maxRetries: number;
  /** Delay before the first retry; doubles each retry. */
  baseDelayMs: number;
  /** Cap on the exponential delay. */
  maxDelayMs: number;
  /** Cap on a server's Retry-After, so a bogus header cannot stall a run for hours. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 6,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
};

/**
 * Delay before retry number `retry` (0-based). A server's Retry-After is honoured as a floor
 * (plus a little jitter so that many waiting requests do not return in one burst); otherwise
 * exponential backoff with "equal jitter": half the step fixed, half random.
 */
export function retryDelayMs(
  retry: number,
  policy: RetryPolicy,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) {
    return Math.min(retryAfterMs, policy.maxRetryAfterMs) + random() * policy.baseDelayMs;
  }
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return step / 2 + (random() * step) / 2;
}

/**
 * Runs `attempt` until it succeeds, a non-retryable error is thrown, the retries are used up
 * (then a ModelRequestError naming the attempts and the last cause), or `signal` aborts (then
 * the signal's reason, unwrapped, so callers can tell an abort from a failure).
 */
export async function withRetries<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  policy: RetryPolicy,
  signal?: AbortSignal,
  onRetry?: (error: RetryableRequestError, delayMs: number) => void,
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt(retry);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (!(error instanceof RetryableRequestError)) throw error;
      if (retry >= policy.maxRetries) {
        throw new ModelRequestError(`${error.message} (gave up after ${retry + 1} attempts)`, {
          ...(error.status === undefined ? {} : { status: error.status }),
          retryable: true,
          cause: error,
        });
      }
      const delay = retryDelayMs(retry, policy, error.retryAfterMs);
      onRetry?.(error, delay);
      await sleep(delay, signal);
    }
  }
}

/** setTimeout as a promise that rejects with the signal's reason when aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Retry-After as milliseconds: OpenAI's `retry-after-ms`, else `retry-after` in seconds or as
 * an HTTP date. Undefined when absent or unparsable.
 */
export function parseRetryAfter(
  headers: { get(name: string): string | null },
  now: number = Date.now(),
): number | undefined {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
