import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCacheable, VerdictCache } from './cache.js';
import { type Engine, type Group, runGroup } from './group.js';
import type { OutputJudge } from './judge.js';
import type { ProgramAdapter } from './languages/kit/types.js';
import { rerunReason } from './rerun.js';
import type { RawOutcome, Slot } from './sandboxes/types.js';
import { withTamperRule } from './tamper.js';
import type { Verdict } from './types.js';

const busy = () => 0.99;

describe('the tamper rule', () => {
  it('turns a flagged pass into a failure that keeps its reason', () => {
    const verdict = withTamperRule({ status: 'passed', durationMs: 3, tamper: 'trace-hook' });
    expect(verdict).toMatchObject({ status: 'failed', errorType: 'Tamper', tamper: 'trace-hook' });
    expect(verdict.message).toContain('trace-hook');
  });

  it('keeps any other status, and a pass without a reason', () => {
    const timeout: Verdict = { status: 'timeout', durationMs: 3000, tamper: 'result-fd' };
    expect(withTamperRule(timeout)).toEqual(timeout);
    expect(withTamperRule({ status: 'passed', durationMs: 3 })).toEqual({
      status: 'passed',
      durationMs: 3,
    });
  });

  it('keeps the flag a judge dropped', () => {
    const fresh = withTamperRule({ status: 'passed', durationMs: 3 }, 'forged-event');
    expect(fresh).toMatchObject({ status: 'failed', tamper: 'forged-event' });
  });

  it('never re-runs a flagged timeout, and caches it with its reason', () => {
    const plain: Verdict = { status: 'timeout', durationMs: 1000, cpuMs: 10 };
    const flagged: Verdict = { ...plain, tamper: 'result-fd' };
    expect(rerunReason(plain, 1000, busy)).toBe('low-cpu');
    expect(rerunReason(flagged, 1000, busy)).toBeUndefined();
    expect(isCacheable(flagged, 1000)).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'passk-tamper-cache-'));
    try {
      const cache = new VerdictCache(dir);
      cache.put('k', flagged, 1000);
      cache.flush();
      expect(new VerdictCache(dir).get('k')).toEqual(flagged);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A slot whose program "passed": the runner's end event with the request's nonce, exit 0. */
const passingSlot: Slot = {
  run: async (request) =>
    ({
      exitCode: 0,
      signal: null,
      timedOut: false,
      outputExceeded: false,
      report: `${JSON.stringify({ n: request.nonce, e: 'end' })}\n`,
      stderrTail: '',
      durationMs: 4,
    }) as RawOutcome,
  close: async () => {},
};

/** A runtime that flags every program (as a runtime's own detector would). */
const flaggingAdapter: ProgramAdapter = {
  plan: (source) => ({ source }) as never,
  review: (_source, verdict) => ({ ...verdict, tamper: 'assert-rebound' }),
};

function groupWith(adapter: ProgramAdapter, judge?: OutputJudge): Group {
  const engine = { adapter } as unknown as Engine;
  const limits = { timeoutMs: 1000, memoryBytes: 1 << 30, outputBytes: 1 << 20 };
  const program = { language: 'python', source: 'pass', ...(judge ? { judge } : {}) };
  return { key: 'k', ids: ['a'], job: { id: 'a', program, limits }, engine, expectedMs: 0 };
}

describe("the executor's verdict path", () => {
  it('gives a program the runtime flagged a failure, not a pass', async () => {
    expect(await runGroup(groupWith({ plan: flaggingAdapter.plan }), passingSlot)).toMatchObject({
      status: 'passed',
    });
    expect(await runGroup(groupWith(flaggingAdapter), passingSlot)).toMatchObject({
      status: 'failed',
      errorType: 'Tamper',
      tamper: 'assert-rebound',
    });
  });

  it('keeps the flag when an outside judge decides the verdict afresh', async () => {
    const judge: OutputJudge = {
      key: 'j',
      decide: (raw) => ({ status: 'passed', durationMs: raw.durationMs }),
    };
    expect(await runGroup(groupWith(flaggingAdapter, judge), passingSlot)).toMatchObject({
      status: 'failed',
      tamper: 'assert-rebound',
    });
  });
});
