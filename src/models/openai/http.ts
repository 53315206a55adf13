import { ModelRequestError } from '../../core/errors.js';
import { parseRetryAfter } from '../../core/retry.js';
import { ContextLengthError, isContextLengthMessage, RetryableRequestError } from '../errors.js';
import type { FetchResponse } from './node-fetch.js';

/**
 * HTTP statuses worth retrying: timeouts, conflicts, too early, rate limits and server errors,
 * but not 501/505 (the server lacks the feature or protocol: asking again cannot help).
 */
function isRetryableStatus(status: number): boolean {
  if (status === 501 || status === 505) return false;
  return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}

/** Whether a body is an HTML page (a proxy's error or login page, a web UI) rather than JSON. */
export function isHtml(body: string): boolean {
  return /^\s*<(!doctype|html|head|body|\?xml|center|h1)/i.test(body);
}

/** An HTML page in one short line: its title, else its text without tags. */
export function htmlSummary(body: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1];
  const text = (title ?? body.replace(/<(script|style)[\s\S]*?<\/\1>|<[^>]*>/gi, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return `HTML page "${text.length > 120 ? `${text.slice(0, 120)}…` : text}"`;
}

/**
 * A 200 answer that is an HTML page: a proxy, gateway or captive portal answered instead of the
 * model server (or the base URL points at a web UI). Retried: a gateway that recovers answers
 * JSON; one that does not is a failed sample, and its replica's breaker opens.
 */
export function htmlAnswerError(url: string, body: string): RetryableRequestError {
  return new RetryableRequestError(
    `${url} answered HTTP 200 with an ${htmlSummary(body)} instead of JSON (a proxy? check --base-url)`,
    { reason: 'html' },
  );
}

/** The error message inside an OpenAI-style error body, else the body itself (shortened). */
function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as {
      error?: { message?: unknown } | string;
      message?: unknown;
    };
    const inner = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message;
    const message = inner ?? parsed.message;
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: servers behind proxies answer with HTML or plain text
  }
  if (isHtml(body)) return htmlSummary(body);
  return body.length > 300 ? `${body.slice(0, 300)}…` : body;
}

/** Maps a non-2xx response to the one error type the rest of passk handles. */
export async function errorFromResponse(
  response: FetchResponse,
  url: string,
): Promise<ModelRequestError> {
  const body = await response.text().catch(() => '');
  const detail = messageOf(body);
  const message = `${url} answered HTTP ${response.status}: ${detail}`;
  const status = response.status;
  if ((status === 400 || status === 413 || status === 422) && isContextLengthMessage(detail)) {
    return new ContextLengthError(message, { status });
  }
  if (isRetryableStatus(status)) {
    const retryAfterMs = parseRetryAfter(response.headers);
    return new RetryableRequestError(message, {
      status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  const hint =
    status === 401 || status === 403
      ? 'set PASSK_API_KEY (or OPENAI_API_KEY, or name the variable with --api-key-env)'
      : /\bstop\b/i.test(detail)
        ? 'the server caps stop sequences: pass --server-stop-limit N (passk applies the rest itself)'
        : undefined;
  return new ModelRequestError(message, { status, ...(hint ? { hint } : {}) });
}

/**
 * Maps an exception thrown while a request was in flight (fetch rejecting, or the body stream
 * failing mid-read). Caller aborts pass through untouched; our own timeouts and transport
 * failures (reset, refused, socket closed) become retryable.
 */
export function errorFromException(
  error: unknown,
  url: string,
  outer: AbortSignal | undefined,
  control: Pick<RequestControl, 'timedOut' | 'idleTimeoutMs' | 'totalTimeoutMs'>,
): unknown {
  if (outer?.aborted) return outer.reason;
  if (control.timedOut === 'idle') {
    return new RetryableRequestError(
      `${url}: no bytes received for ${control.idleTimeoutMs} ms (idle timeout, --request-timeout)`,
      { cause: error, reason: 'idle-timeout' },
    );
  }
  if (control.timedOut === 'total') {
    return new RetryableRequestError(
      `${url}: not finished within ${control.totalTimeoutMs} ms (--total-timeout)`,
      { cause: error, reason: 'total-timeout' },
    );
  }
  if (error instanceof ModelRequestError) return error;
  const code = transportCode(error);
  return new RetryableRequestError(`${url}: ${code ?? String(error)}`, {
    cause: error,
    reason: 'transport',
  });
}

/** ECONNRESET, ECONNREFUSED, UND_ERR_SOCKET…: undici hides the code in `cause`. */
function transportCode(error: unknown): string | undefined {
  const found = errnoOf(error);
  return found && `${found.code} (${found.message})`;
}

function errnoOf(error: unknown): { code: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return { code, message: current.message };
    current = current.cause;
  }
  return undefined;
}

/** No connection could be opened at all: nothing listens there, or the host is unknown or off the network. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

/**
 * Whether a failed request never reached a server (refused, unknown host, no route), as opposed
 * to a server that answered badly or dropped a connection it had accepted.
 */
export function isUnreachable(error: unknown): boolean {
  const code = errnoOf(error instanceof RetryableRequestError ? error.cause : error)?.code;
  return code !== undefined && UNREACHABLE_CODES.has(code);
}

/**
 * One request's abort plumbing: the caller's signal, two timeouts and an early-stop switch, all
 * on one AbortController. The idle timeout fires when no byte has arrived for `idleTimeoutMs`
 * (`touch` re-arms it, with Timeout.refresh: no new timer per chunk), so a slow stream that
 * keeps sending is never killed; the total timeout (optional) caps the whole request. The
 * caller's signal is linked by a listener removed in `dispose` (not AbortSignal.any, which
 * keeps a composite signal per request alive on the run-long one).
 */
export class RequestControl {
  private readonly own = new AbortController();
  private readonly idleTimer: NodeJS.Timeout;
  private readonly totalTimer: NodeJS.Timeout | undefined;
  private readonly forwardAbort = () => this.own.abort(this.outer?.reason);
  timedOut: 'idle' | 'total' | undefined;

  constructor(
    readonly outer: AbortSignal | undefined,
    readonly idleTimeoutMs: number,
    readonly totalTimeoutMs?: number,
  ) {
    this.idleTimer = setTimeout(() => this.expire('idle'), idleTimeoutMs);
    if (totalTimeoutMs !== undefined && totalTimeoutMs > 0) {
      this.totalTimer = setTimeout(() => this.expire('total'), totalTimeoutMs);
    }
    if (outer?.aborted) this.forwardAbort();
    else outer?.addEventListener('abort', this.forwardAbort, { once: true });
  }

  private expire(which: 'idle' | 'total'): void {
    this.timedOut ??= which;
    this.own.abort(new Error(`request timed out (${which})`));
  }

  get signal(): AbortSignal {
    return this.own.signal;
  }

  /** Bytes arrived: the idle clock starts again. */
  touch = (): void => {
    this.idleTimer.refresh();
  };

  /** Closes the connection on purpose (every sample of the stream has hit a stop sequence). */
  abandon(): void {
    this.own.abort(new Error('abandoned after early stop'));
  }

  dispose(): void {
    clearTimeout(this.idleTimer);
    clearTimeout(this.totalTimer);
    this.outer?.removeEventListener('abort', this.forwardAbort);
  }
}
