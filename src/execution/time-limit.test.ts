/**
 * The time limit is judged on a program's own time: wall-clock time minus the time it waited for
 * a CPU (fork_run.py Clock, wait_credit). Each program here pins itself to CPU 0, where the
 * test keeps a busy "hog" process running, so it gets at most about half of that core: under a
 * plain wall-clock limit the slow-but-correct program would time out and the loop would be
 * starved (re-run). Through the real default sandbox.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from './index.js';
import { rerunReason } from './rerun.js';
import type { ExecLimits, Executor, Verdict } from './types.js';

// A far backstop: with a loaded machine's other tasks on CPU 0 too, a program may need many
// times its limit in wall time to get its CPU; the default 10x would then cut it (a re-run).
const LIMITS: ExecLimits = {
  timeoutMs: 1000,
  memoryBytes: 512 * 2 ** 20,
  outputBytes: 2 ** 20,
  wallFactor: 100,
};
const PIN = 'import os\nos.sched_setaffinity(0, {0})\n';
let executor: Executor;
let hog: ChildProcess;

beforeAll(async () => {
  hog = spawn('/usr/bin/python3', ['-c', `${PIN}while True:\n    pass\n`], { stdio: 'ignore' });
  executor = await createExecutor({ allowCodeExecution: true, cacheDir: false, workers: 1 });
});
afterAll(async () => {
  hog?.kill('SIGKILL');
  await executor?.close();
});

async function verdictOf(source: string, tag: string): Promise<Verdict> {
  const job = {
    id: tag,
    program: { language: 'python', source: `${source}# ${tag}\n` },
    limits: LIMITS,
  };
  const verdicts = await executor.run([job]);
  return verdicts.get(tag)!;
}

describe('the time limit counts the time a program had a CPU for, not the load', () => {
  it('passes a correct program that needs 70% of its limit in CPU beside a hog on its core', async () => {
    // ~0.7 s of CPU at about half a core: ~1.4 s of wall, past the 1 s limit.
    const slow = `${PIN}import time\nwhile time.process_time() < 0.7:\n    pass\n`;
    const verdict = await verdictOf(slow, 'slow-but-correct');
    expect(verdict.status).toBe('passed');
    // Past its limit in wall time (the usual case beside the hog), the wait it had kept it in; a
    // run that got more than half the core ends within the limit and reads no wait.
    if (verdict.durationMs >= LIMITS.timeoutMs) {
      expect(verdict.waitMs).toBeDefined();
      expect(verdict.durationMs - verdict.waitMs!).toBeLessThan(LIMITS.timeoutMs);
    } else {
      expect(verdict.waitMs).toBeUndefined();
    }
  });

  it('passes a slow-but-correct program whose work runs in a thread while its main thread waits (a JVM)', async () => {
    // The main thread is blocked in join(), never runnable: the wait is the worker thread's.
    const work = 'while time.process_time() < 0.7:\n        pass\n';
    const threaded = `${PIN}import threading, time\ndef work():\n    ${work}t = threading.Thread(target=work)\nt.start()\nt.join()\n`;
    const verdict = await verdictOf(threaded, 'threaded-slow-but-correct');
    expect(verdict.status).toBe('passed');
  });

  it('gives a loop beside a hog its whole budget, so its timeout is final', async () => {
    const verdict = await verdictOf(`${PIN}while True:\n    pass\n`, 'loop');
    expect(verdict.status).toBe('timeout');
    // The whole verdict when it fails: its CPU, wait and re-run reason say what the load did.
    expect(verdict.rerun, JSON.stringify(verdict)).toBeUndefined();
    expect(verdict.durationMs - verdict.waitMs!).toBeGreaterThanOrEqual(LIMITS.timeoutMs);
    expect(rerunReason(verdict, LIMITS.timeoutMs)).toBeUndefined();
    expect(executor.stats().timeoutsFullCpu).toBe(1);
  });

  it('reads no wait for a program that ended within its limit (no /proc read: it cannot be late)', async () => {
    const verdict = await verdictOf('x = 1\n', 'quick');
    expect(verdict.status).toBe('passed');
    // Only a machine so loaded that this took a second of wall time gets a wait read for it.
    expect(verdict.waitMs === undefined).toBe(verdict.durationMs < LIMITS.timeoutMs);
  });

  it('still times a sleeping program out by the wall clock', async () => {
    const verdict = await verdictOf('import time\ntime.sleep(30)\n', 'sleeper');
    expect(verdict.status).toBe('timeout');
    expect(verdict.message).toMatch(/^killed at the time limit: \d+\.\d\d s of its own time/);
    expect(verdict.cpuMs!).toBeLessThan(LIMITS.timeoutMs / 2);
  });
});

describe('the wait a program is not charged for (fork_run.wait_credit)', () => {
  const WORKER_DIR = join(dirname(fileURLToPath(import.meta.url)), 'worker');
  type Threads = Array<[cpu: number, delay: number]>;
  /** wait_credit(process_cpu, threads, cores, elapsed), in seconds. */
  function credit(processCpu: number, threads: Threads, cores: number, elapsed: number): number {
    const script = `import sys, json\nsys.path.insert(0, sys.argv[1])\nimport fork_run\nprint(json.dumps(fork_run.wait_credit(*json.loads(sys.argv[2]))))`;
    const args = JSON.stringify([processCpu, threads, cores, elapsed]);
    return Number(
      execFileSync('/usr/bin/python3', ['-c', script, WORKER_DIR, args], { encoding: 'utf8' }),
    );
  }

  it('is the wait of a single-threaded program', () => {
    expect(credit(2, [[2, 5]], 2, 7)).toBeCloseTo(5);
  });

  it("is the working thread's wait when the main thread only waits for it", () => {
    // A JVM under load, as measured: the launcher thread, the program's thread, a compiler thread.
    const jvm: Threads = [
      [0.02, 0.03],
      [4.2, 26.5],
      [1, 8.4],
    ];
    expect(credit(6.2, jvm, 2, 40)).toBeCloseTo(26.5 - 2 / 2);
  });

  it('is not earned by threads competing with each other', () => {
    // Three busy threads alone on two cores: each waits a third of the time, all of it caused by
    // its siblings, so none of it is credited.
    const three: Threads = [
      [2, 1],
      [2, 1],
      [2, 1],
    ];
    expect(credit(6, three, 2, 3)).toBe(0);
    // Reaped children's CPU counts as a sibling's: 8 s of it on one core could keep the thread
    // waiting 8 s.
    expect(credit(9, [[1, 10]], 1, 20)).toBeCloseTo(2);
  });

  it('never leaves a program less own time than the CPU it used', () => {
    // A decoy thread kept waiting on a busy core while a worker runs 9 s on a free one: 4.5 s of
    // credit by the wait alone, which would give the worker 9 s of CPU in 5.5 s of own time.
    const decoy: Threads = [
      [1, 9],
      [9, 0],
    ];
    expect(credit(10, decoy, 2, 10)).toBe(0);
    expect(credit(10, decoy, 2, 12)).toBeCloseTo(2);
  });
});
