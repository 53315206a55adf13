import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, PasskError } from '../core/errors.js';
import type { DatasetLoadOptions } from '../datasets/types.js';
import { createExecutor, runPreflight } from '../execution/index.js';
import type { Executor, JudgePlacement } from '../execution/types.js';
import { Admission } from './admission.js';
import { authorized, HttpError, readJson, sendJson } from './http.js';
import { type JudgedItem, TaskJudge } from './judge.js';
import { ServeMetrics } from './metrics.js';
import { judgeRequest, rewardItems, rewardRequest } from './reward.js';
import { runCode, runCodeRequest } from './run-code.js';
import { isLoopback, resolveToken } from './token.js';

export interface ServeOptions {
  /** Must be true: the service runs untrusted code. */
  allowCodeExecution: boolean;
  /** Default 127.0.0.1. Any other address needs a token. */
  host?: string;
  /** Default 8080; 0 picks a free port (the server's `url` says which). */
  port?: number;
  /**
   * The bearer token every endpoint but /healthz then requires. Default: the first line of
   * `tokenFile`, else `PASSK_SERVE_TOKEN` (see resolveToken); none on loopback is allowed.
   */
  token?: string;
  tokenFile?: string;
  /** Sandbox slots (the executor's workers); default one per core. */
  workers?: number;
  sandbox?: string;
  /** Verdict cache directory, as evaluate's; false disables it. */
  verdictCache?: string | false;
  /** Requests executing at once; default the executor's workers. */
  concurrency?: number;
  /** Requests waiting for a place; past it a request gets 429. Default 256. */
  queueLimit?: number;
  /** Largest request body, in bytes (413 past it); default 16 MiB. */
  maxBodyBytes?: number;
  /** From arrival to answer, queueing included (504 past it); default 300 s. */
  requestTimeoutMs?: number;
  /** Where verdicts are decided for tasks that call the candidate's functions; default 'outside'. */
  judge?: JudgePlacement;
  /** Where tasks' datasets are read from (as evaluate's `dataset`). */
  dataset?: DatasetLoadOptions;
  /**
   * Run the preflight canaries (Python) before listening (default true): a sandbox that lets an
   * early exit or a forged result pass must never serve rewards.
   */
  preflight?: boolean;
}

export interface PasskServer {
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  /** Stops taking requests (503), answers every accepted one, resolves when none is left. */
  drain(): Promise<void>;
  /** Drains, then closes the port and the executor. */
  close(): Promise<void>;
}

const PREFLIGHT_LIMITS = { timeoutMs: 10_000, memoryBytes: 2 * 1024 ** 3, outputBytes: 1 << 20 };

const DEFAULTS = {
  host: '127.0.0.1',
  port: 8080,
  queueLimit: 256,
  maxBodyBytes: 16 * 2 ** 20,
  requestTimeoutMs: 300_000,
};

/**
 * Starts `passk serve`: the executor behind HTTP (POST /judge, /get_reward, /run_code; GET
 * /healthz, /metrics). See docs/serve.md.
 *
 * @throws ExecutionDisabledError without allowCodeExecution; ConfigError for a non-loopback host
 *   without a token, or a bad token file; SandboxError when the sandbox cannot run here;
 *   PreflightError when a canary misbehaves
 */
export async function startServer(options: ServeOptions): Promise<PasskServer> {
  const host = options.host ?? DEFAULTS.host;
  const token = options.token ?? resolveToken(options.tokenFile);
  if (token === undefined && !isLoopback(host)) {
    throw new ConfigError(`refusing to serve on ${host} without a token`, {
      hint: 'set PASSK_SERVE_TOKEN or give --token-file, or serve on 127.0.0.1',
    });
  }
  const executor = await createExecutor({
    allowCodeExecution: options.allowCodeExecution,
    ...(options.workers === undefined ? {} : { workers: options.workers }),
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    ...(options.verdictCache === undefined ? {} : { cacheDir: options.verdictCache }),
  });
  if (options.preflight !== false) {
    try {
      await runPreflight(executor, {
        language: 'python',
        references: [],
        limits: PREFLIGHT_LIMITS,
      });
    } catch (error) {
      await executor.close();
      throw error;
    }
  }
  const service = new Service(executor, options, token);
  const server = createServer((req, res) => void service.handle(req, res));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? DEFAULTS.port, host, () => resolve());
    });
  } catch (error) {
    await executor.close();
    throw new ConfigError(
      `cannot listen on ${host}:${options.port ?? DEFAULTS.port}: ${(error as Error).message}`,
    );
  }
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shown}:${address.port}`,
    drain: () => service.drain(),
    close: () => {
      closing ??= (async () => {
        await service.drain();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await executor.close();
      })();
      return closing;
    },
  };
}

/** The request handlers over one executor, admission queue and set of counters. */
class Service {
  private readonly admission: Admission;
  private readonly metrics = new ServeMetrics();
  private readonly judge: TaskJudge;
  private draining = false;

  constructor(
    private readonly executor: Executor,
    private readonly options: ServeOptions,
    private readonly token: string | undefined,
  ) {
    this.admission = new Admission(
      options.concurrency ?? executor.info.workers,
      options.queueLimit ?? DEFAULTS.queueLimit,
    );
    this.judge = new TaskJudge(executor, {
      dataset: options.dataset ?? {},
      judge: options.judge ?? 'outside',
    });
  }

  /** Requests being answered, until their response is written out. */
  private active = 0;
  private readonly onQuiet: (() => void)[] = [];

  async drain(): Promise<void> {
    this.draining = true;
    while (this.active > 0) await new Promise<void>((resolve) => this.onQuiet.push(resolve));
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Counted until the response is out: closing the port before would cut the last answers.
    this.active++;
    res.once('close', () => {
      this.active--;
      if (this.active === 0) for (const wake of this.onQuiet.splice(0)) wake();
    });
    const started = performance.now();
    const path = (req.url ?? '/').split('?')[0]!;
    const endpoint = path.replace(/^\//, '') || 'root';
    try {
      const [status, body, headers] = await this.route(req, path);
      if (typeof body === 'string') {
        res.writeHead(status, { 'content-type': 'text/plain; version=0.0.4', ...headers });
        res.end(body);
      } else sendJson(res, status, body, headers);
      this.metrics.answered(endpoint, status, (performance.now() - started) / 1000);
    } catch (error) {
      const known = error instanceof HttpError ? error : internal(error);
      sendJson(res, known.status, { error: known.message }, known.headers);
      this.metrics.answered(endpoint, known.status, (performance.now() - started) / 1000);
    }
  }

  private async route(
    req: IncomingMessage,
    path: string,
  ): Promise<[number, unknown, Record<string, string>?]> {
    if (path === '/healthz') {
      return this.draining ? [503, { status: 'draining' }] : [200, { status: 'ok' }];
    }
    if (this.token !== undefined && !authorized(req, this.token)) {
      throw new HttpError(401, 'missing or wrong bearer token', { 'www-authenticate': 'Bearer' });
    }
    if (path === '/metrics' && req.method === 'GET') return [200, this.metricsText()];
    const handler = this.handlers[path];
    if (handler === undefined) throw new HttpError(404, `no endpoint ${path}`);
    if (req.method !== 'POST') throw new HttpError(405, `${path} takes POST`, { allow: 'POST' });
    if (this.draining)
      throw new HttpError(503, 'draining: not taking new requests', { 'retry-after': '5' });
    return handler(req);
  }

  private readonly handlers: Record<string, (req: IncomingMessage) => Promise<[number, unknown]>> =
    {
      '/judge': async (req) => {
        const { items } = await readJson(req, judgeRequest, this.maxBody);
        const verdicts = await this.admitted((signal) => this.judge.judge(items, signal));
        this.count('judge', verdicts);
        return [200, { verdicts }];
      },
      '/get_reward': async (req) => {
        const request = await readJson(req, rewardRequest, this.maxBody);
        const items = rewardItems(request);
        if (typeof items === 'string') throw new HttpError(400, items);
        const verdicts = await this.admitted((signal) => this.judge.judge(items, signal));
        this.count('get_reward', verdicts);
        const broken = verdicts.findIndex((v) => v.reward === null);
        if (broken >= 0) {
          // Never a 0 or a 1 for a program that was not judged: the trainer retries the batch.
          throw new HttpError(503, `query ${broken} could not be judged (sandbox failure): retry`, {
            'retry-after': '5',
          });
        }
        const rewards = verdicts.map((v) => v.reward as number);
        return [200, { rewards, scores: rewards }];
      },
      '/run_code': async (req) => {
        const request = await readJson(req, runCodeRequest, this.maxBody);
        const { response, verdict } = await this.admitted((signal) =>
          runCode(this.executor, request, signal),
        );
        if (verdict) this.metrics.verdict('run_code', response.status);
        return [200, response];
      },
    };

  private get maxBody(): number {
    return this.options.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  }

  private count(endpoint: string, verdicts: readonly JudgedItem[]): void {
    for (const verdict of verdicts) this.metrics.verdict(endpoint, verdict.status);
  }

  /**
   * Runs `work` once admitted: 429 at once when the queue is full, 504 when the request's time
   * runs out (waiting or running; the programs it started are stopped from taking new slots).
   */
  private async admitted<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const timeoutMs = this.options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs;
    const signal = AbortSignal.timeout(timeoutMs);
    const entering = this.admission.enter(signal);
    if (entering === undefined) {
      throw new HttpError(429, `the queue is full (${this.admission.queueLimit} waiting)`, {
        'retry-after': String(this.metrics.retryAfterSeconds()),
      });
    }
    const release = await entering;
    if (release === undefined) throw timedOut(timeoutMs);
    try {
      let onAbort = () => {};
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => reject(timedOut(timeoutMs));
        signal.addEventListener('abort', onAbort, { once: true });
      });
      aborted.catch(() => {});
      try {
        return await Promise.race([work(signal), aborted]);
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    } finally {
      release();
    }
  }

  private metricsText(): string {
    return this.metrics.text({
      queued: this.admission.queued,
      inFlight: this.admission.inFlight,
      draining: this.draining,
      executor: this.executor.stats(),
    });
  }
}

function timedOut(ms: number): HttpError {
  return new HttpError(504, `not answered within the request timeout (${ms / 1000} s)`);
}

/** A PasskError from the judge (unknown task or problem) is the client's: 400; anything else 500. */
function internal(error: unknown): HttpError {
  if (
    error instanceof PasskError &&
    (error.code === 'PASSK_CONFIG' || error.code === 'PASSK_NOT_FOUND')
  ) {
    return new HttpError(400, error.message);
  }
  return new HttpError(
    500,
    `internal error: ${String((error as Error)?.message ?? error).slice(0, 300)}`,
  );
}
