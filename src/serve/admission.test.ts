import { describe, expect, it } from 'vitest';
import { Admission } from './admission.js';

describe('bounded admission', () => {
  it('admits up to the concurrency, queues up to the limit, refuses past both', async () => {
    const admission = new Admission(2, 1);
    const first = await admission.enter();
    const second = await admission.enter();
    const queued = admission.enter();
    expect([first, second].every((r) => typeof r === 'function')).toBe(true);
    expect(queued).toBeInstanceOf(Promise);
    expect(admission.enter()).toBeUndefined(); // 2 running + 1 waiting: full
    expect([admission.inFlight, admission.queued]).toEqual([2, 1]);
    first!();
    const third = await queued!;
    expect(typeof third).toBe('function');
    expect([admission.inFlight, admission.queued]).toEqual([2, 0]);
    first!(); // a second release of the same place changes nothing
    expect(admission.inFlight).toBe(2);
    second!();
    third!();
    expect(admission.inFlight).toBe(0);
  });

  it('lets a request that gives up leave the queue', async () => {
    const admission = new Admission(1, 4);
    const running = await admission.enter();
    const stop = new AbortController();
    const waiting = admission.enter(stop.signal)!;
    stop.abort();
    expect(await waiting).toBeUndefined();
    expect(admission.queued).toBe(0);
    running!();
    expect(admission.inFlight).toBe(0);
  });
});
