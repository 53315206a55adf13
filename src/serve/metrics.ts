import type { ExecutorStats } from '../execution/types.js';

/** Latencies kept per endpoint for the quantiles: the most recent ones. */
const WINDOW = 2048;

/** What /metrics reads at the moment it is asked. */
export interface Gauges {
  queued: number;
  inFlight: number;
  draining: boolean;
  executor: ExecutorStats;
}

/**
 * The service's counters, in Prometheus' text format. Latency is a summary over the last
 * WINDOW requests of each endpoint (p50, p99) plus the usual _sum and _count.
 */
export class ServeMetrics {
  private readonly responses = new Map<string, number>();
  private readonly verdicts = new Map<string, number>();
  private readonly latency = new Map<string, { recent: number[]; sum: number; count: number }>();

  /** One answered request: its endpoint, HTTP status and seconds from arrival to answer. */
  answered(endpoint: string, status: number, seconds: number): void {
    const key = `endpoint="${endpoint}",code="${status}"`;
    this.responses.set(key, (this.responses.get(key) ?? 0) + 1);
    const entry = this.latency.get(endpoint) ?? { recent: [], sum: 0, count: 0 };
    entry.recent.push(seconds);
    if (entry.recent.length > WINDOW) entry.recent.shift();
    entry.sum += seconds;
    entry.count++;
    this.latency.set(endpoint, entry);
  }

  /**
   * One verdict given, by endpoint and status: a verdict's status for judge and get_reward,
   * SandboxFusion's response status (Success, Failed, SandboxError) for run_code.
   */
  verdict(endpoint: string, status: string): void {
    const key = `endpoint="${endpoint}",status="${status}"`;
    this.verdicts.set(key, (this.verdicts.get(key) ?? 0) + 1);
  }

  private retryAfter = { seconds: 1, at: 0 };

  /**
   * Typical wait for a place: the median latency of recent requests, at least 1 s (Retry-After).
   * Worked out at most once a second: a flood of 429s must not sort the window each time.
   */
  retryAfterSeconds(): number {
    const now = performance.now();
    if (now - this.retryAfter.at >= 1000) {
      const all = [...this.latency.values()].flatMap((entry) => entry.recent);
      this.retryAfter = { seconds: Math.max(1, Math.ceil(quantile(all, 0.5))), at: now };
    }
    return this.retryAfter.seconds;
  }

  text(gauges: Gauges): string {
    const lines: string[] = [];
    const metric = (name: string, type: string, help: string, samples: string[]) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples);
    };
    metric('passk_serve_queue_depth', 'gauge', 'Requests waiting for an execution place.', [
      `passk_serve_queue_depth ${gauges.queued}`,
    ]);
    metric('passk_serve_in_flight', 'gauge', 'Requests executing now.', [
      `passk_serve_in_flight ${gauges.inFlight}`,
    ]);
    metric('passk_serve_draining', 'gauge', '1 while draining (new requests get 503).', [
      `passk_serve_draining ${gauges.draining ? 1 : 0}`,
    ]);
    const stats = gauges.executor;
    metric(
      'passk_serve_programs_total',
      'counter',
      'Programs run in the sandbox (rate = programs/s).',
      [`passk_serve_programs_total ${stats.executed + stats.timeoutsRerun}`],
    );
    metric('passk_serve_cache_hits_total', 'counter', 'Verdicts answered from the verdict cache.', [
      `passk_serve_cache_hits_total ${stats.cacheHits}`,
    ]);
    metric('passk_serve_verdicts_total', 'counter', 'Verdicts given, by endpoint and status.', [
      ...[...this.verdicts].map(([labels, n]) => `passk_serve_verdicts_total{${labels}} ${n}`),
    ]);
    metric('passk_serve_responses_total', 'counter', 'Responses, by endpoint and HTTP status.', [
      ...[...this.responses].map(([labels, n]) => `passk_serve_responses_total{${labels}} ${n}`),
    ]);
    const summary: string[] = [];
    for (const [endpoint, entry] of this.latency) {
      for (const q of [0.5, 0.99]) {
        summary.push(
          `passk_serve_request_seconds{endpoint="${endpoint}",quantile="${q}"} ${quantile(entry.recent, q)}`,
        );
      }
      summary.push(`passk_serve_request_seconds_sum{endpoint="${endpoint}"} ${entry.sum}`);
      summary.push(`passk_serve_request_seconds_count{endpoint="${endpoint}"} ${entry.count}`);
    }
    metric(
      'passk_serve_request_seconds',
      'summary',
      'Request latency, arrival to answer.',
      summary,
    );
    return `${lines.join('\n')}\n`;
  }
}

/** The q-quantile of `values` (nearest rank); 0 for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}
