import { ServerUnavailableError } from './errors.js';

/** How an attempt on a replica went, for its circuit breaker. */
export type Outcome = 'ok' | 'failed' | 'neutral';

/** A replica granted to one request; `release` must be called exactly once. */
export interface Lease {
  readonly url: string;
  /** 'failed': the replica looked down (refused, reset, 5xx, idle timeout); 'neutral': not its fault. */
  release(outcome?: Outcome): void;
}

interface Waiter {
  grant: (lease: Lease) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  avoid: string | undefined;
  onAbort: () => void;
}

/** Circuit breaker settings: open after `threshold` failures in a row, probe after a backoff. */
export interface BreakerPolicy {
  threshold: number;
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** Every replica failing for this long ends the run (ServerUnavailableError). */
  outageLimitMs: number;
}

/**
 * What the replicas are, for the notices, and the error that ends the run when all of them have
 * been failing past the outage limit (model servers here; `passk serve` remote executors too).
 */
export interface ReplicaKind {
  /** e.g. 'model server replica' */
  name: string;
  unavailable(message: string): Error;
}

export const MODEL_SERVER_REPLICAS: ReplicaKind = {
  name: 'model server replica',
  unavailable: (message) => new ServerUnavailableError(message),
};

export const DEFAULT_BREAKER: BreakerPolicy = {
  threshold: 3,
  baseBackoffMs: 1000,
  maxBackoffMs: 30_000,
  outageLimitMs: 300_000,
};

class Replica {
  inFlight = 0;
  sent = 0;
  failuresInRow = 0;
  /** Set while the breaker is open: no request before this time, then one probe. */
  openUntil: number | undefined;
  backoffMs = 0;
  probing = false;
  /** Times the breaker opened (a dead or failing replica), for run.json. */
  opened = 0;
  lastError = '';
  constructor(readonly url: string) {}
}

/**
 * Spreads requests over replicas (several base URLs serving the same model), at most
 * `perReplica` in flight on each (`--batch-size`). The least busy healthy replica wins; ties
 * rotate. Each replica has a circuit breaker: a dead replica fails instantly, so without one it
 * would win every least-in-flight choice. After `threshold` failures in a row it is skipped
 * for a backoff (doubling up to maxBackoffMs), then one request probes it (half-open): success
 * closes the breaker, failure reopens it for longer. A retry avoids the replica that just
 * failed when another can take it. With every replica open, requests wait (and `onNotice` says
 * so); after `outageLimitMs` of that, they fail with `kind.unavailable` (for model servers
 * ServerUnavailableError), which stops the run.
 */
export class ReplicaPool {
  private readonly replicas: Replica[];
  private readonly waiters: Waiter[] = [];
  private rotation = 0;
  private wakeTimer: NodeJS.Timeout | undefined;
  private allDownSince: number | undefined;

  constructor(
    urls: readonly string[],
    readonly perReplica: number,
    private readonly breaker: BreakerPolicy = DEFAULT_BREAKER,
    private readonly onNotice: (message: string) => void = () => {},
    private readonly now: () => number = Date.now,
    private readonly kind: ReplicaKind = MODEL_SERVER_REPLICAS,
  ) {
    if (urls.length === 0) throw new RangeError('ReplicaPool needs at least one URL');
    this.replicas = urls.map((url) => new Replica(url));
  }

  get urls(): string[] {
    return this.replicas.map((r) => r.url);
  }

  get capacity(): number {
    return this.replicas.length * this.perReplica;
  }

  /** Requests sent to each replica so far, for provenance and tests. */
  get sent(): number[] {
    return this.replicas.map((r) => r.sent);
  }

  /** Times each replica's breaker opened. */
  get opened(): number[] {
    return this.replicas.map((r) => r.opened);
  }

  /** Marks a replica down before the run (the start-up check could not reach it). */
  markDown(url: string, reason: string): void {
    const replica = this.replicas.find((r) => r.url === url);
    if (replica) this.open(replica, reason);
  }

  acquire(signal?: AbortSignal, avoid?: string): Promise<Lease> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const outage = this.outageError();
    if (outage) return Promise.reject(outage);
    const replica = this.waiters.length === 0 ? this.pick(avoid) : undefined;
    if (replica !== undefined) return Promise.resolve(this.lease(replica));
    return new Promise((grant, reject) => {
      const waiter: Waiter = {
        grant,
        reject,
        signal,
        avoid,
        onAbort: () => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
      this.checkOutage();
    });
  }

  /**
   * A half-open replica due for its probe first (one request at a time), else the least busy
   * closed replica with room (ties by rotation), preferring any but `avoid`.
   */
  private pick(avoid?: string): Replica | undefined {
    const now = this.now();
    const usable = (r: Replica) =>
      r.inFlight < this.perReplica &&
      (r.openUntil === undefined || (now >= r.openUntil && !r.probing));
    const probe = this.replicas.find((r) => r.openUntil !== undefined && usable(r));
    if (probe && (probe.url !== avoid || this.replicas.length === 1)) {
      probe.probing = true;
      return probe;
    }
    let best: Replica | undefined;
    const n = this.replicas.length;
    // the replica to avoid ranks behind every other one with room
    const rank = (r: Replica) => (r.url === avoid ? this.perReplica + 1 : 0) + r.inFlight;
    for (let step = 0; step < n; step++) {
      const r = this.replicas[(this.rotation + step) % n]!;
      if (r.openUntil !== undefined || !usable(r)) continue;
      if (best === undefined || rank(r) < rank(best)) best = r;
    }
    if (best !== undefined) this.rotation = (this.replicas.indexOf(best) + 1) % n;
    else if (probe) probe.probing = true;
    return best ?? probe;
  }

  private lease(replica: Replica): Lease {
    replica.inFlight++;
    replica.sent++;
    let released = false;
    return {
      url: replica.url,
      release: (outcome: Outcome = 'neutral') => {
        if (released) return;
        released = true;
        replica.inFlight--;
        this.settle(replica, outcome);
        this.handOver();
      },
    };
  }

  private settle(replica: Replica, outcome: Outcome): void {
    const wasProbing = replica.probing;
    replica.probing = false;
    if (outcome === 'ok') {
      if (replica.openUntil !== undefined) this.onNotice(`${replica.url} answers again`);
      replica.failuresInRow = 0;
      replica.openUntil = undefined;
      replica.backoffMs = 0;
      this.allDownSince = undefined;
    } else if (outcome === 'failed') {
      replica.failuresInRow++;
      // requests that were in flight when the breaker opened fail too: they do not reopen it
      const closed = replica.openUntil === undefined;
      if (wasProbing || (closed && replica.failuresInRow >= this.breaker.threshold)) {
        this.open(replica);
      }
    }
  }

  private open(replica: Replica, reason?: string): void {
    if (reason !== undefined) replica.lastError = reason;
    const wasClosed = replica.openUntil === undefined;
    replica.backoffMs =
      replica.backoffMs === 0
        ? this.breaker.baseBackoffMs
        : Math.min(this.breaker.maxBackoffMs, replica.backoffMs * 2);
    replica.openUntil = this.now() + replica.backoffMs;
    if (wasClosed) {
      replica.opened++;
      const others = this.replicas.filter((r) => r.openUntil === undefined).length;
      this.onNotice(
        `${replica.url} is failing (${replica.failuresInRow || 1} in a row${replica.lastError ? `: ${replica.lastError}` : ''}); ${
          others > 0 ? `routing around it, ` : ''
        }probing it again in ${(replica.backoffMs / 1000).toFixed(1)} s`,
      );
    }
    if (this.replicas.every((r) => r.openUntil !== undefined)) {
      this.allDownSince ??= this.now();
      if (wasClosed) {
        this.onNotice(
          `all ${this.replicas.length} ${this.kind.name}(s) are failing; waiting with backoff (giving up after ${Math.round(this.breaker.outageLimitMs / 1000)} s)`,
        );
      }
    }
    this.scheduleWake();
  }

  /** Records the last error seen on `url` (for the notices). */
  noteError(url: string, message: string): void {
    const replica = this.replicas.find((r) => r.url === url);
    if (replica) replica.lastError = message.length > 160 ? `${message.slice(0, 160)}…` : message;
  }

  /** Wakes the waiters when the next open replica is due for its probe. */
  private scheduleWake(): void {
    const due = this.replicas.map((r) => r.openUntil).filter((t): t is number => t !== undefined);
    if (this.allDownSince !== undefined) due.push(this.allDownSince + this.breaker.outageLimitMs);
    if (due.length === 0) return;
    clearTimeout(this.wakeTimer);
    const delay = Math.max(0, Math.min(...due) - this.now());
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      this.handOver();
      this.checkOutage();
      if (this.replicas.some((r) => r.openUntil !== undefined && !r.probing)) this.scheduleWake();
    }, delay + 1);
    // kept referenced: while every replica is down this timer is all that keeps the run alive
    // (close() clears it)
  }

  /** The error ending the run once every replica has been failing past the outage limit. */
  private outageError(): Error | undefined {
    if (this.allDownSince === undefined) return undefined;
    if (this.replicas.some((r) => r.openUntil === undefined)) {
      this.allDownSince = undefined;
      return undefined;
    }
    const downMs = this.now() - this.allDownSince;
    if (downMs < this.breaker.outageLimitMs) return undefined;
    const last = this.replicas.map((r) => r.lastError).find((e) => e !== '') ?? 'no answer';
    return this.kind.unavailable(
      `every ${this.kind.name} has been failing for ${Math.round(downMs / 1000)} s (last error: ${last})`,
    );
  }

  private checkOutage(): void {
    const error = this.waiters.length === 0 ? undefined : this.outageError();
    if (error === undefined) return;
    for (const waiter of this.waiters.splice(0)) {
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.reject(error);
    }
  }

  private handOver(): void {
    while (this.waiters.length > 0) {
      const waiter = this.waiters[0]!;
      const replica = this.pick(waiter.avoid);
      if (replica === undefined) return;
      this.waiters.shift();
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.grant(this.lease(replica));
    }
  }

  /** Stops the wake-up timer (the run is over). */
  close(): void {
    clearTimeout(this.wakeTimer);
  }
}
