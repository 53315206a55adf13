import { SandboxError } from '../core/errors.js';
import type { ProgramRequest, RawOutcome, Sandbox, Slot } from './sandboxes/types.js';

/** A slot's answer, or the infrastructure failure that remained after one retry. */
export type Attempt = { outcome: RawOutcome } | { infra: SandboxError };

/**
 * A fixed set of slots over one sandbox. `runAll` keeps every slot busy from one shared queue
 * (already ordered by the caller, longest expected first); `runAlone` uses a single slot while
 * the others sit idle, for timeouts that must be re-checked without competition for the CPU.
 */
export class SlotPool {
  private readonly slots: Slot[] = [];

  constructor(
    private readonly sandbox: Sandbox,
    readonly size: number,
  ) {}

  /** The isolation level the sandbox gives, for ExecutorInfo. */
  get isolation(): string {
    return this.sandbox.isolation;
  }

  /** Which memory limit the sandbox enforces, for ExecutorInfo. */
  get memoryLimit(): string {
    return this.sandbox.memoryLimit ?? 'RLIMIT_AS';
  }

  private slot(index: number): Slot {
    let slot = this.slots[index];
    if (!slot) {
      slot = this.sandbox.createSlot(index);
      this.slots[index] = slot;
    }
    return slot;
  }

  /** Runs `work` for every item, `size` at a time; stops taking items once `signal` aborts. */
  async runAll<T>(
    items: readonly T[],
    work: (item: T, slot: Slot) => Promise<void>,
    signal?: AbortSignal,
  ): Promise<void> {
    let next = 0;
    const loop = async (index: number) => {
      while (next < items.length && !signal?.aborted) {
        const item = items[next++]!;
        await work(item, this.slot(index));
      }
    };
    const loops = Array.from({ length: Math.min(this.size, items.length) }, (_, index) =>
      loop(index),
    );
    await Promise.all(loops);
  }

  /** Like runAll with one slot: nothing else runs in this pool meanwhile. */
  async runAlone<T>(
    items: readonly T[],
    work: (item: T, slot: Slot) => Promise<void>,
    signal?: AbortSignal,
  ): Promise<void> {
    for (const item of items) {
      if (signal?.aborted) return;
      await work(item, this.slot(0));
    }
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
