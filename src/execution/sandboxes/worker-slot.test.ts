import { describe, expect, it } from 'vitest';
import { SandboxError } from '../../core/errors.js';
import { attempt } from '../pool.js';
import { TESTS_CHANNEL_FD } from '../worker/protocol.js';
import { resolveLimits } from './common.js';
import type { ProgramRequest } from './types.js';
import { WorkerSlot } from './worker-slot.js';

/** A stand-in worker: answers like worker.py, but dies or hangs when the source asks it to. */
const FAKE_WORKER = `
import json, os, sys, time
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    req = json.loads(line)
    tests = os.read(${TESTS_CHANNEL_FD}, req["testsBytes"]).decode() if "testsBytes" in req else ""
    if "die" in req["source"]:
        os._exit(1)
    if "hang" in req["source"]:
        time.sleep(60)
    report = json.dumps({"n": req["nonce"], "e": "end"}) + "\\n"
    if "big" in req["source"]:  # a report of many pipe-fulls, as a checker's outputs make
        report += "".join("%07d" % i for i in range(700_000))
    if "starved" in req["source"]:  # a program let run past its limit towards the backstop
        time.sleep(0.6)
    answer = {"id": req["id"], "exitCode": 0, "signal": None, "timedOut": False, "outputExceeded": False,
              "report": report, "stderrTail": tests, "durationMs": 1}
    print(json.dumps(answer), flush=True)
`;

const request = (source: string): ProgramRequest => ({
  source,
  nonce: 'abc',
  // wallFactor 1: the watchdog waits for the wall-clock backstop, which this fake worker never uses.
  limits: {
    ...resolveLimits({ timeoutMs: 200, memoryBytes: 2 ** 30, outputBytes: 2 ** 20 }),
    wallFactor: 1,
  },
});
const fakeSlot = (watchdogGraceMs = 300) =>
  new WorkerSlot(
    async () => ({ argv: ['/usr/bin/python3', '-c', FAKE_WORKER], env: {}, cwd: '/' }),
    'fake',
    watchdogGraceMs,
  );

describe('WorkerSlot', () => {
  it('answers requests in order over one worker', async () => {
    const slot = fakeSlot();
    for (const source of ['a', 'b', 'c'])
      expect((await slot.run(request(source))).exitCode).toBe(0);
    expect(slot.restarts).toBe(0);
    await slot.close();
  });

  it('reassembles an answer line of many MiB across pipe reads, and the next one after it', async () => {
    // Making and sending the line takes its time on a loaded machine: no watchdog here.
    const slot = fakeSlot(120_000);
    const big = await slot.run(request('big'));
    const digits = big.report.slice(big.report.indexOf('\n') + 1);
    expect(digits.length).toBe(4_900_000);
    expect(digits.slice(-14)).toBe('06999980699999');
    expect(digits.slice(7 * 123_456, 7 * 123_457)).toBe('0123456');
    expect((await slot.run(request('a'))).report).not.toContain('0000000');
    expect(slot.restarts).toBe(0);
    await slot.close();
  });

  it('hands outside-judged tests over on fd 3 with the request, in one exchange', async () => {
    const slot = fakeSlot();
    const tests = 'assert candidate(1) == 2\n';
    // The fake worker answers with what it read on fd 3 (the real one leaves it to the judge).
    expect((await slot.run({ ...request('a'), tests })).stderrTail).toBe(tests);
    expect((await slot.run(request('b'))).stderrTail).toBe('');
    expect(slot.restarts).toBe(0);
    await slot.close();
  });

  it('rejects with SandboxError when the worker dies, then replaces it', async () => {
    const slot = fakeSlot();
    await expect(slot.run(request('die'))).rejects.toBeInstanceOf(SandboxError);
    expect((await slot.run(request('fine'))).exitCode).toBe(0);
    expect(slot.restarts).toBe(1);
    await slot.close();
  });

  it('kills a worker that stops answering (watchdog) and replaces it', async () => {
    const slot = fakeSlot();
    await expect(slot.run(request('hang'))).rejects.toThrow(/did not answer/);
    expect((await slot.run(request('fine'))).exitCode).toBe(0);
    await slot.close();
  });

  it('waits for the wall-clock backstop (wallFactor) before calling a worker hung', async () => {
    const slot = fakeSlot();
    // 200 ms x 20 + 300 ms of grace; without the factor the watchdog would fire at 500 ms.
    const starved = { ...request('starved'), limits: { ...request('').limits, wallFactor: 20 } };
    expect((await slot.run(starved)).exitCode).toBe(0);
    expect(slot.restarts).toBe(0);
    await slot.close();
  });

  it('retries once, then reports infrastructure failure instead of a verdict', async () => {
    const slot = fakeSlot();
    const result = await attempt(slot, request('die'));
    expect('infra' in result && result.infra).toBeInstanceOf(SandboxError);
    expect(slot.restarts).toBe(1); // first start, one replacement for the retry
    expect('outcome' in (await attempt(slot, request('fine')))).toBe(true);
    await slot.close();
  });
});
