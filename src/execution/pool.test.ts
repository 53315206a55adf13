import { describe, expect, it } from 'vitest';
import { SlotPool } from './pool.js';
import type { RawOutcome, Sandbox } from './sandboxes/types.js';

/** A sandbox whose slots fail the test if two programs ever run on one slot at once. */
function exclusiveSandbox(overlaps: number[]): Sandbox {
  const createSlot = (index: number) => {
    let running = false;
    return {
      run: async () => {
        if (running) overlaps.push(index);
        running = true;
        await new Promise((resolve) => setTimeout(resolve, 5));
        running = false;
        return { report: '', stderrTail: '', durationMs: 0 } as unknown as RawOutcome;
      },
      close: async () => {},
    };
  };
  return { name: 'fake', isolation: 'none', createSlot, close: async () => {} };
}

describe('the slot pool under concurrent runAll calls (passk serve)', () => {
  it('never runs two programs on one slot, and runs every item', async () => {
    const overlaps: number[] = [];
    const pool = new SlotPool(exclusiveSandbox(overlaps), 2);
    const ran: string[] = [];
    // Eight callers at once, each with its own items, as eight HTTP requests would.
    await Promise.all(
      Array.from({ length: 8 }, (_, caller) =>
        pool.runAll([`${caller}a`, `${caller}b`, `${caller}c`], async (item, slot) => {
          await slot.run({} as never);
          ran.push(item);
          return undefined;
        }),
      ),
    );
    expect(overlaps).toEqual([]);
    expect(ran).toHaveLength(24);
    await pool.close();
  });
});
