import { ConfigError, RetryableRequestError } from '../../core/errors.js';
import { parseRetryAfter } from '../../core/retry.js';
import type { Verdict } from '../types.js';
import {
  type ExecInfo,
  execInfo,
  execResponse,
  mismatch,
  OWN_IDENTITY,
  type WireJob,
} from './protocol.js';

/** What a server says about itself and its passk (GET /exec, ten seconds at most). */
export async function getInfo(url: string, token: string | undefined): Promise<ExecInfo> {
  const body = await call(`${url}/exec`, { method: 'GET', headers: headers(token) }, 10_000);
  const parsed = execInfo.safeParse(body);
  if (!parsed.success) throw notPasskServe(url);
  const why = mismatch(parsed.data);
  if (why !== undefined) {
    throw new ConfigError(`${url} cannot judge for this passk: ${why}`, {
      hint: 'run the same passk version on the client and every passk serve',
    });
  }
  return parsed.data;
}

/** Runs a batch of jobs on one server; its verdicts (and reports) by job id. */
export async function postJobs(
  url: string,
  token: string | undefined,
  jobs: readonly WireJob[],
  timeoutMs: number,
): Promise<Map<string, { verdict: Verdict; report?: string }>> {
  const body = await call(
    `${url}/exec`,
    {
      method: 'POST',
      headers: { ...headers(token), 'content-type': 'application/json' },
      body: JSON.stringify({ ...OWN_IDENTITY, jobs }),
    },
    timeoutMs,
  );
  const parsed = execResponse.safeParse(body);
  const answers = new Map(
    (parsed.data?.verdicts ?? []).map(({ id, verdict, report }) => [
      id,
      { verdict: verdict as Verdict, ...(report === undefined ? {} : { report }) },
    ]),
  );
  // A proxy's page or a torn answer is the server's failure, never a verdict: another one runs it.
  if (!parsed.success || jobs.some((job) => !answers.has(job.id))) {
    throw new RetryableRequestError(`${url}: an answer without every verdict`, {
      reason: 'malformed',
    });
  }
  return answers;
}

function headers(token: string | undefined): Record<string, string> {
  return token === undefined ? {} : { authorization: `Bearer ${token}` };
}

/**
 * One request, its JSON answer. A failure of the server (refused, reset, timeout, 5xx, 429) is a
 * RetryableRequestError; a refusal of this client (token, version, a bad batch) a ConfigError.
 */
async function call(url: string, init: RequestInit, timeoutMs: number): Promise<unknown> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    const why = timedOut ? `no answer within ${timeoutMs / 1000} s` : transportError(error);
    throw new RetryableRequestError(`${url}: ${why}`, {
      cause: error,
      reason: timedOut ? 'total-timeout' : 'transport',
    });
  }
  const { status } = response;
  if (status === 200) {
    try {
      return JSON.parse(text);
    } catch {
      throw new RetryableRequestError(`${url}: an answer that is not JSON`, {
        reason: 'malformed',
      });
    }
  }
  const message = `${url} answered HTTP ${status}: ${errorOf(text)}`;
  if (status === 408 || status === 429 || status >= 500) {
    const retryAfterMs = parseRetryAfter(response.headers);
    throw new RetryableRequestError(message, {
      status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  if (status === 401 || status === 403) {
    throw new ConfigError(message, {
      hint: "set PASSK_SERVE_TOKEN (or --executor-token-file) to the servers' token",
    });
  }
  if (status === 404 || status === 405) throw notPasskServe(url);
  throw new ConfigError(message);
}

function notPasskServe(url: string): ConfigError {
  return new ConfigError(`${url} does not answer passk's executor protocol (GET /exec)`, {
    hint: 'give base URLs of passk serve instances of this passk version, e.g. http://host:8080',
  });
}

/** The `error` of a passk serve answer, else the start of the body. */
function errorOf(text: string): string {
  try {
    const { error } = JSON.parse(text) as { error?: unknown };
    if (typeof error === 'string') return error;
  } catch {
    // not JSON: a proxy's page
  }
  return text.slice(0, 200);
}

/** ECONNREFUSED, ECONNRESET…: undici keeps the code in `cause`. */
function transportError(error: unknown): string {
  const cause = (error as Error).cause as { code?: unknown; message?: unknown } | undefined;
  if (typeof cause?.code === 'string') return cause.code;
  return String((cause?.message as string | undefined) ?? (error as Error).message);
}
