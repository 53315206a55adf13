import type { IncomingMessage, ServerResponse } from 'node:http';
import { PasskError } from '../core/errors.js';
import { execRequest } from '../execution/remote/protocol.js';
import type { Executor } from '../execution/types.js';
import { Admission } from './admission.js';
import { execInfoOf, runExec } from './exec.js';
import { authorized, HttpError, readJson, sendJson } from './http.js';
import { type JudgedItem, TaskJudge } from './judge.js';
import { ServeMetrics } from './metrics.js';
import { DEFAULTS, type ServeOptions } from './options.js';
import { judgeRequest, rewardItems, rewardRequest } from './reward.js';
import { runCode, runCodeRequest } from './run-code.js';

const ENDPOINTS = new Set(['/judge', '/get_reward', '/run_code', '/exec', '/healthz', '/metrics']);

/** The request handlers over one executor, admission queue and set of counters. */
export class Service {
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
    // Known endpoints only: a label per path a client makes up would grow without bound.
    const endpoint = ENDPOINTS.has(path) ? path.slice(1) : 'other';
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
    if (path === '/exec' && req.method === 'GET') return [200, execInfoOf(this.executor)];
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
      // passk's own protocol, for `--executor` (src/execution/remote/).
      '/exec': async (req) => {
        const request = await readJson(req, execRequest, this.maxBody);
        const answer = await this.admitted((signal) => runExec(this.executor, request, signal));
        for (const { verdict } of answer.verdicts) this.metrics.verdict('exec', verdict.status);
        return [200, answer];
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

/**
 * A PasskError from the judge: an unknown task or problem is the client's (400), any other (a
 * dataset missing on this machine) the server's, said as it is (500); anything else is a bug.
 */
function internal(error: unknown): HttpError {
  if (error instanceof PasskError) {
    const client = error.code === 'PASSK_CONFIG' || error.code === 'PASSK_NOT_FOUND';
    return new HttpError(client ? 400 : 500, error.message);
  }
  return new HttpError(
    500,
    `internal error: ${String((error as Error)?.message ?? error).slice(0, 300)}`,
  );
}
