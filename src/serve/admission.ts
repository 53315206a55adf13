/**
 * Bounded admission: at most `concurrency` requests execute at once and at most `queueLimit`
 * wait; a request beyond both is refused at once (429) instead of timing everyone out.
 */
export class Admission {
  private running = 0;
  private readonly waiting: { admit: () => void }[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {}

  /** Requests executing now. */
  get inFlight(): number {
    return this.running;
  }

  /** Requests waiting for their turn. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * A place for one request: resolves to its release function once it may execute, or
   * undefined at once when the queue is full. A request that gives up while queued (`signal`)
   * leaves the queue and resolves to undefined.
   */
  enter(signal?: AbortSignal): Promise<(() => void) | undefined> | undefined {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.queueLimit) return undefined;
    return new Promise((resolve) => {
      const entry = {
        admit: () => {
          signal?.removeEventListener('abort', leave);
          resolve(this.releaser());
        },
      };
      const leave = () => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        resolve(undefined);
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.waiting.push(entry);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The place passes straight to the next in line: `running` stays the same.
      if (next) next.admit();
      else this.running--;
    };
  }
}
