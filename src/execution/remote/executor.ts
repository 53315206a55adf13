import { ConfigError, ModelRequestError, RemoteExecutorError } from '../../core/errors.js';
import {
  type BreakerPolicy,
  DEFAULT_BREAKER,
  type ReplicaKind,
  ReplicaPool,
} from '../../core/replicas.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, withRetries } from '../../core/retry.js';
import { judged } from '../judge.js';
import { withTamperRule } from '../tamper.js';
import {
  type ExecJob,
  type Executor,
  type ExecutorInfo,
  type ExecutorStats,
  type RunJobsOptions,
  type Verdict,
  zeroExecutorStats,
} from '../types.js';
import type { ExecInfo, WireJob } from './protocol.js';
import { getInfo, postJobs } from './transport.js';

export interface RemoteExecutorOptions {
  /** Base URLs of `passk serve` instances, e.g. http://a:8080. */
  urls: readonly string[];
  /** Bearer token, when the servers have one (the CLI reads it from PASSK_SERVE_TOKEN or a file). */
  token?: string;
  /** Programs per request; default 4. */
  batchSize?: number;
  /** One request's time before it counts as the server's failure; default 600 s. */
  requestTimeoutMs?: number;
  breaker?: Partial<BreakerPolicy>;
  retry?: Partial<RetryPolicy>;
  /** Where notices go (a server failing, answering again). */
  onNotice?: (message: string) => void;
}

const KIND: ReplicaKind = {
  name: 'remote executor',
  unavailable: (message) => new RemoteExecutorError(message),
};

/**
 * An Executor whose programs run on `passk serve` instances (POST /exec): each request goes to
 * the least busy healthy one (ReplicaPool, the model servers' own: circuit breakers, a retry
 * avoids the one that just failed). A server that cannot answer (refused, reset, 5xx, timeout) is
 * never a verdict: its programs go to another. Output judges decide here, in this process.
 *
 * @throws ConfigError for a bad URL, a wrong token, or a server of another passk version;
 *   RemoteExecutorError when none answers
 */
export async function createRemoteExecutor(options: RemoteExecutorOptions): Promise<Executor> {
  if (options.urls.length === 0) throw new ConfigError('--executor needs at least one URL');
  const urls = options.urls.map(baseUrl);
  const checks = await Promise.all(
    urls.map(async (url) => {
      try {
        return { url, info: await getInfo(url, options.token) };
      } catch (error) {
        if (error instanceof ConfigError) throw error;
        return { url, error: (error as Error).message };
      }
    }),
  );
  const up = checks.filter((c): c is { url: string; info: ExecInfo } => 'info' in c);
  if (up.length === 0) {
    throw new RemoteExecutorError(
      `cannot reach any remote executor: ${checks.map((c) => ('error' in c ? c.error : c.url)).join('; ')}`,
    );
  }
  const sandboxes = new Set(up.map((c) => c.info.sandbox));
  if (sandboxes.size > 1) {
    throw new ConfigError(
      `the remote executors run different sandboxes (${[...sandboxes].join(', ')}): their verdicts could differ`,
      { hint: 'start every passk serve with the same --sandbox' },
    );
  }
  const first = up[0]!.info;
  const pool = new ReplicaPool(
    urls,
    Math.max(...up.map((c) => c.info.workers)),
    { ...DEFAULT_BREAKER, ...options.breaker },
    options.onNotice,
    Date.now,
    KIND,
  );
  for (const check of checks) if ('error' in check) pool.markDown(check.url, check.error);
  const info: ExecutorInfo = {
    sandbox: first.sandbox,
    isolation: first.isolation,
    workers: up.reduce((total, c) => total + c.info.workers, 0),
    ...(first.memoryLimit === undefined ? {} : { memoryLimit: first.memoryLimit }),
    remote: urls,
  };
  return new RemoteExecutor(info, pool, options);
}

/** Jobs with the same content: sent once, verdict shared. */
interface Group {
  ids: string[];
  job: ExecJob;
  wire: WireJob;
}

class RemoteExecutor implements Executor {
  private readonly counters = zeroExecutorStats();

  constructor(
    readonly info: ExecutorInfo,
    private readonly pool: ReplicaPool,
    private readonly options: RemoteExecutorOptions,
  ) {}

  async run(jobs: readonly ExecJob[], options: RunJobsOptions = {}): Promise<Map<string, Verdict>> {
    this.counters.jobs += jobs.length;
    const groups = this.group(jobs);
    const results = new Map<string, Verdict>();
    const size = this.options.batchSize ?? 4;
    const batches: Group[][] = [];
    for (let i = 0; i < groups.length; i += size) batches.push(groups.slice(i, i + size));
    // The first failure that ends the run stops the batches not yet sent; the sent ones finish.
    const stop = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
    let failure: { error: unknown } | undefined;
    await Promise.all(
      batches.map(async (batch) => {
        try {
          const answers = await this.send(batch, signal);
          for (const group of batch) {
            const verdict = await decided(group.job, answers.get(group.wire.id)!);
            this.count(verdict);
            for (const id of group.ids) {
              results.set(id, verdict);
              options.onVerdict?.(id, verdict);
            }
          }
        } catch (error) {
          if (!signal.aborted) failure = { error };
          stop.abort();
        }
      }),
    );
    options.signal?.throwIfAborted();
    if (failure) throw failure.error;
    return results;
  }

  /** Sends one batch, on another server while one fails; the verdicts (and reports) by id. */
  private send(
    batch: readonly Group[],
    signal: AbortSignal,
  ): Promise<Map<string, { verdict: Verdict; report?: string }>> {
    let avoid: string | undefined;
    const attempt = async () => {
      const lease = await this.pool.acquire(signal, avoid);
      try {
        const answer = await postJobs(
          lease.url,
          this.options.token,
          batch.map((g) => g.wire),
          this.options.requestTimeoutMs ?? 600_000,
        );
        lease.release('ok');
        return answer;
      } catch (error) {
        const failed = error instanceof ModelRequestError && error.status !== 429;
        if (failed) {
          avoid = lease.url;
          this.pool.noteError(lease.url, (error as Error).message);
        }
        lease.release(failed ? 'failed' : 'neutral');
        throw error;
      }
    };
    return withRetries(attempt, { ...DEFAULT_RETRY_POLICY, ...this.options.retry }, signal).catch(
      (error: unknown) => {
        if (signal.aborted || !(error instanceof ModelRequestError)) throw error;
        throw new RemoteExecutorError(error.message, { cause: error });
      },
    );
  }

  /** One group per distinct job content (the id aside), as the local executor dedups. */
  private group(jobs: readonly ExecJob[]): Group[] {
    const groups = new Map<string, Group>();
    for (const job of jobs) {
      const wire = toWire(job);
      const key = JSON.stringify({ ...wire, id: '' });
      const existing = groups.get(key);
      if (existing) {
        existing.ids.push(job.id);
        this.counters.deduplicated++;
      } else groups.set(key, { ids: [job.id], job, wire });
    }
    // Longest expected first, as the local executor orders them.
    return [...groups.values()].sort((a, b) => (b.job.expectedMs ?? 0) - (a.job.expectedMs ?? 0));
  }

  private count(verdict: Verdict): void {
    this.counters.executed++;
    if (verdict.status === 'timeout') this.counters.timeouts++;
    if (verdict.status === 'infra-error') this.counters.infraErrors++;
    if (verdict.rerun === true) {
      this.counters.timeoutsRerun++;
      if (verdict.status !== 'timeout') this.counters.timeoutsFlipped++;
      if (verdict.rerunReason === 'low-cpu') this.counters.timeoutsRerunLowCpu++;
      if (verdict.rerunReason === 'overloaded') this.counters.timeoutsRerunOverloaded++;
      if (verdict.rerunReason === 'no-cpu-measure') this.counters.timeoutsRerunNoCpuMeasure++;
    }
  }

  stats(): ExecutorStats {
    return { ...this.counters };
  }

  async close(): Promise<void> {
    this.pool.close();
  }
}

/** The job as sent: its output judge stays here, named by its key. */
function toWire(job: ExecJob): WireJob {
  const { judge, ...program } = job.program;
  return {
    ...job,
    program: { ...program, ...(judge === undefined ? {} : { judgeKey: judge.key }) },
  } as unknown as WireJob;
}

/** The final verdict: a program with an output judge is decided here, from the server's report. */
async function decided(
  job: ExecJob,
  answer: { verdict: Verdict; report?: string },
): Promise<Verdict> {
  const { verdict, report } = answer;
  const judge = job.program.judge;
  if (judge === undefined || report === undefined) return verdict;
  return withTamperRule(await judged(verdict, report, judge), verdict.tamper);
}

function baseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`--executor: '${url}' is not a URL`, {
      hint: 'give base URLs of passk serve, e.g. http://10.0.0.5:8080,http://10.0.0.6:8080',
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`--executor: '${url}' is not an http(s) URL`);
  }
  return parsed.href.replace(/\/+$/, '');
}
