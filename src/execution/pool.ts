import { SandboxError } from '../core/errors.js';
import { rlimitsOnly } from './sandboxes/limits-in-force.js';
import type { ProgramRequest, RawOutcome, Sandbox, Slot } from './sandboxes/types.js';
import type { LimitsInForce } from './types.js';

/** A slot's answer, or the infrastructure failure that remained after one retry. */
export type Attempt = { outcome: RawOutcome } | { infra: SandboxError };

/**
 * A fixed set of slots over one sandbox. `runAll` keeps every slot busy from one shared queue
 * (already ordered by the caller, longest expected first), re-runs included. Slots are leased
 * per program from one free list, so calls to `runAll` at the same time (`passk serve`'s
 * requests) share the slots and never run two programs on one slot.
 */
export class SlotPool {
  private readonly slots: Slot[] = [];
  private readonly free: number[];
  /** Waiting for a slot, first come first served. */
  private readonly waiting: ((index: number) => void)[] = [];

  constructor(
    private readonly sandbox: Sandbox,
    readonly size: number,
  ) {
    this.free = Array.from({ length: size }, (_, index) => index);
  }

  private lease(): Promise<number> {
    const index = this.free.shift();
    if (index !== undefined) return Promise.resolve(index);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private giveBack(index: number): void {
    const next = this.waiting.shift();
    if (next) next(index);
    else this.free.push(index);
  }

  /** The isolation level the sandbox gives, for ExecutorInfo. */
  get isolation(): string {
    return this.sandbox.isolation;
  }

  /** Which memory limit the sandbox enforces, for ExecutorInfo. */
  get memoryLimit(): string {
    return this.sandbox.memoryLimit ?? 'RLIMIT_AS';
  }

  /** Per limit, how the sandbox enforces it, for ExecutorInfo. */
  get limits(): LimitsInForce {
    return this.sandbox.limits ?? rlimitsOnly();
  }

  private slot(index: number): Slot {
    let slot = this.slots[index];
    if (!slot) {
      slot = this.sandbox.createSlot(index);
      this.slots[index] = slot;
    }
    return slot;
  }

  /**
   * Runs `work` for every item, `size` at a time; stops taking items once `signal` aborts. When
   * `work` returns `{ again: item }` the item is run once more, ahead of the queue, by the next free
   * slot: alongside the remaining work, on at most half the slots (at least one) while first runs
   * remain, so the rest keep going and a re-run is not squeezed by the pool's own load.
   */
  async runAll<T>(
    items: readonly T[],
    work: (item: T, slot: Slot, again: boolean) => Promise<{ again: T } | undefined>,
    signal?: AbortSignal,
  ): Promise<void> {
    let next = 0;
    const reruns: T[] = [];
    const maxReruns = Math.max(1, Math.floor(this.size / 2));
    let rerunning = 0;
    let busy = 0;
    let wake: () => void = () => {};
    let changed = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const notify = () => {
      wake();
      changed = new Promise<void>((resolve) => {
        wake = resolve;
      });
    };
    const take = (): { item: T; again: boolean } | 'wait' | 'done' => {
      if (signal?.aborted) return 'done';
      // The cap holds while first runs remain; after them, re-runs may use every slot.
      const room = rerunning < maxReruns || next >= items.length;
      if (reruns.length > 0 && room) return { item: reruns.shift()!, again: true };
      if (next < items.length) return { item: items[next++]!, again: false };
      // Nothing to take now; a program still running may yet ask for a re-run.
      return busy > 0 ? 'wait' : 'done';
    };
    const loop = async () => {
      for (;;) {
        const taken = take();
        if (taken === 'done') return;
        if (taken === 'wait') {
          await changed;
          continue;
        }
        busy++;
        if (taken.again) rerunning++;
        const index = await this.lease();
        try {
          // Stopped while it waited for a slot: it does not start (as if never taken).
          if (signal?.aborted) return;
          const result = await work(taken.item, this.slot(index), taken.again);
          if (result && !taken.again) reruns.push(result.again);
        } finally {
          this.giveBack(index);
          busy--;
          if (taken.again) rerunning--;
          notify();
        }
      }
    };
    const loops = Array.from({ length: Math.min(this.size, items.length) }, () => loop());
    await Promise.all(loops);
  }

  /** Starts the first slot's worker now (Slot.warm): the one every run uses first. */
  warm(): void {
    this.slot(0).warm?.();
  }

  /** Workers replaced so far (deaths and hangs), where the slots track it. */
  restarts(): number {
    return this.slots.reduce(
      (sum, slot) => sum + ((slot as { restarts?: number }).restarts ?? 0),
      0,
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot?.close()));
    await this.sandbox.close();
  }
}

/** One run with one retry: a slot that broke restarts itself, then gets the program again. */
export async function attempt(slot: Slot, request: ProgramRequest): Promise<Attempt> {
  let last: SandboxError | undefined;
  for (let round = 0; round < 2; round++) {
    try {
      return { outcome: await slot.run(request) };
    } catch (error) {
      last =
        error instanceof SandboxError
          ? error
          : new SandboxError(String((error as Error)?.message ?? error), { cause: error });
    }
  }
  return { infra: last! };
}
