/** A replica granted to one request; `release` must be called exactly once. */
export interface Lease {
  readonly url: string;
  release(): void;
}

interface Waiter {
  grant: (lease: Lease) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * Spreads requests over replicas (several base URLs serving the same model), at most
 * `perReplica` in flight on each (`--batch-size`). The least busy replica wins; ties rotate,
 * so even one request at a time alternates between replicas. Requests beyond capacity wait
 * in FIFO order.
 */
export class ReplicaPool {
  private readonly inFlight: number[];
  private readonly waiters: Waiter[] = [];
  private rotation = 0;
  /** Requests sent to each replica so far, for provenance and tests. */
  readonly sent: number[];

  constructor(
    readonly urls: readonly string[],
    readonly perReplica: number,
  ) {
    if (urls.length === 0) throw new RangeError('ReplicaPool needs at least one URL');
    this.inFlight = urls.map(() => 0);
    this.sent = urls.map(() => 0);
  }

  get capacity(): number {
    return this.urls.length * this.perReplica;
  }

  acquire(signal?: AbortSignal): Promise<Lease> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const index = this.pick();
    if (index !== undefined) return Promise.resolve(this.lease(index));
    return new Promise((grant, reject) => {
      const waiter: Waiter = {
        grant,
        reject,
        signal,
        onAbort: () => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** The least busy replica with room, ties broken by rotation; undefined if all are full. */
  private pick(): number | undefined {
    let best: number | undefined;
    for (let step = 0; step < this.urls.length; step++) {
      const index = (this.rotation + step) % this.urls.length;
      const load = this.inFlight[index]!;
      if (load < this.perReplica && (best === undefined || load < this.inFlight[best]!))
        best = index;
    }
    if (best !== undefined) this.rotation = (best + 1) % this.urls.length;
    return best;
  }

  private lease(index: number): Lease {
    this.inFlight[index]!++;
    this.sent[index]!++;
    let released = false;
    return {
      url: this.urls[index]!,
      release: () => {
        if (released) return;
        released = true;
        this.inFlight[index]!--;
        this.handOver();
      },
    };
  }

  private handOver(): void {
    const waiter = this.waiters[0];
    const index = waiter && this.pick();
    if (!waiter || index === undefined) return;
    this.waiters.shift();
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
    waiter.grant(this.lease(index));
  }
}
