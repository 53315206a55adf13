import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isCacheable, VerdictCache } from './cache.js';
import { SlotPool } from './pool.js';
import { cpuPressure, rerunReason, usedFullCpu } from './rerun.js';
import type { RawOutcome, Sandbox, Slot } from './sandboxes/types.js';
import type { Verdict } from './types.js';

const timeout = (cpuMs?: number): Verdict => ({
  status: 'timeout',
  errorType: 'Timeout',
  durationMs: 1000,
  ...(cpuMs === undefined ? {} : { cpuMs }),
});
const calm = () => 0;
const busy = () => 0.99;

describe('which timeouts are re-run', () => {
  it('does not re-run a timeout that used its full CPU budget, however loaded the machine', () => {
    expect(rerunReason(timeout(950), 1000, busy)).toBeUndefined();
    expect(rerunReason(timeout(1200), 1000, busy)).toBeUndefined();
    expect(usedFullCpu(timeout(950), 1000)).toBe(true);
  });

  it('re-runs a timeout that used well under its budget, saying why', () => {
    expect(rerunReason(timeout(100), 1000, calm)).toBe('low-cpu');
    expect(rerunReason(timeout(), 1000, calm)).toBe('no-cpu-measure');
  });

  it('re-runs a partly starved timeout only when the machine was overloaded', () => {
    expect(rerunReason(timeout(700), 1000, busy)).toBe('overloaded');
    expect(rerunReason(timeout(700), 1000, calm)).toBeUndefined();
  });

  it('re-runs a timeout the wall-clock backstop cut before its own time reached the limit', () => {
    // 0.6 s of CPU, 5 s wall of which 4.4 s waiting for a CPU: starved, whatever the pressure now.
    const cut = { ...timeout(600), durationMs: 5000, waitMs: 4400 };
    expect(rerunReason(cut, 1000, calm)).toBe('overloaded');
    // Own time at the limit (it slept or blocked): the CPU rules decide, as without waitMs.
    const blocked = { ...timeout(100), durationMs: 1300, waitMs: 200 };
    expect(rerunReason(blocked, 1000, calm)).toBe('low-cpu');
    expect(
      rerunReason({ ...timeout(700), durationMs: 1200, waitMs: 50 }, 1000, calm),
    ).toBeUndefined();
    // A full CPU budget stays final even when it also waited long.
    expect(
      rerunReason({ ...timeout(950), durationMs: 5000, waitMs: 4000 }, 1000, busy),
    ).toBeUndefined();
  });

  it('never re-runs a timeout decided on CPU time (the stdio judge), and caches it', () => {
    const decided = { ...timeout(100), durationMs: 5000, waitMs: 4400, finalTimeout: true };
    expect(rerunReason(decided, 20_000, busy)).toBeUndefined();
    expect(rerunReason({ ...timeout(), finalTimeout: true }, 20_000, busy)).toBeUndefined();
    expect(usedFullCpu(decided, 20_000)).toBe(true);
    expect(isCacheable(decided, 20_000)).toBe(true);
    expect(isCacheable({ ...decided, finalTimeout: false }, 20_000)).toBe(false);
  });

  it('never re-runs what is not a timeout', () => {
    expect(rerunReason({ status: 'failed', durationMs: 5, cpuMs: 1 }, 1000, busy)).toBeUndefined();
  });

  it('reads the CPU pressure as a share', () => {
    const pressure = cpuPressure();
    expect(pressure).toBeGreaterThanOrEqual(0);
    expect(pressure).toBeLessThanOrEqual(1);
  });
});

describe('caching timeouts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'passk-rerun-cache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('caches a full-CPU timeout under its limits, never a starved one or a compile timeout', () => {
    expect(isCacheable(timeout(950), 1000)).toBe(true);
    expect(isCacheable(timeout(950))).toBe(false);
    expect(isCacheable(timeout(100), 1000)).toBe(false);
    expect(isCacheable({ ...timeout(950), errorType: 'CompileTimeout' }, 1000)).toBe(false);
    const cache = new VerdictCache(dir);
    cache.put('full', timeout(950), 1000);
    cache.put('starved', timeout(100), 1000);
    cache.flush();
    const reloaded = new VerdictCache(dir);
    expect(reloaded.get('full')).toEqual(timeout(950));
    expect(reloaded.get('starved')).toBeUndefined();
    expect(reloaded.expectedMs('starved')).toBe(1000);
  });
});

/** Slots that only record which items ran at the same time: the pool's scheduling, not a sandbox. */
function recordingSandbox(log: string[][], running: Set<string>): Sandbox {
  const slot = (index: number): Slot => ({
    async run(request) {
      running.add(`${index}:${request.source}`);
      log.push([...running].sort());
      await new Promise((resolve) =>
        setTimeout(resolve, request.source?.startsWith('slow') ? 30 : 5),
      );
      running.delete(`${index}:${request.source}`);
      return { report: '', stderrTail: '', durationMs: 0 } as unknown as RawOutcome;
    },
    close: async () => {},
  });
  return { name: 'fake', isolation: 'none', createSlot: slot, close: async () => {} };
}

describe('re-runs in the pool', () => {
  it('runs a re-run once, alongside the remaining work rather than alone', async () => {
    const log: string[][] = [];
    const pool = new SlotPool(recordingSandbox(log, new Set()), 2);
    const items = ['slow-first', 'a', 'b', 'c', 'd', 'e', 'f'];
    const seen: string[] = [];
    await pool.runAll(items, async (item, slot, again) => {
      const name = again ? `again:${item}` : item;
      seen.push(name);
      await slot.run({ source: name } as never);
      return item === 'a' && !again ? { again: item } : undefined;
    });
    expect(seen.filter((item) => item === 'again:a')).toHaveLength(1);
    expect(seen.slice().sort()).toEqual([...items, 'again:a'].sort());
    // While the re-run of 'a' ran, the other slot was busy with other work.
    const during = log.filter((snapshot) => snapshot.some((entry) => entry.endsWith(':again:a')));
    expect(during.some((snapshot) => snapshot.length === 2)).toBe(true);
    await pool.close();
  });

  it('re-runs an item asked for by the last program, after every other loop ran dry', async () => {
    const pool = new SlotPool(recordingSandbox([], new Set()), 3);
    const seen: string[] = [];
    await pool.runAll(['slow-last', 'x'], async (item, slot, again) => {
      seen.push(again ? `again:${item}` : item);
      await slot.run({ source: item } as never);
      return item === 'slow-last' && !again ? { again: item } : undefined;
    });
    expect(seen).toEqual(['slow-last', 'x', 'again:slow-last']);
    await pool.close();
  });
});
