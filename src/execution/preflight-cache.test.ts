/**
 * Issue 30: runPreflight({ cache: true }) skips the canaries when a passed preflight had the same
 * fingerprint, runs them when anything in it changed, and never keeps a failed one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreflightError } from '../core/errors.js';
import { createExecutor, runPreflight } from './index.js';
import type { Executor, Verdict } from './types.js';

const limits = { timeoutMs: 3000, memoryBytes: 2 ** 30, outputBytes: 2 ** 20 };
const reference = {
  language: 'python',
  source: 'def inc(x):\n    return x + 1\n\nassert inc(1) == 2\n',
};
const options = { language: 'python', references: [reference], limits, cache: true };
const artifactsDir = mkdtempSync(join(tmpdir(), 'passk-preflight-cache-'));
let executor: Executor;

beforeAll(async () => {
  executor = await createExecutor({ allowCodeExecution: true, cacheDir: false, artifactsDir });
});
afterAll(async () => {
  await executor?.close();
  rmSync(artifactsDir, { recursive: true, force: true });
});

/** The executor with another engine part of the fingerprint (a reinstalled interpreter, say). */
function withEngine(engine: Record<string, unknown>): Executor {
  return {
    info: executor.info,
    run: (jobs, runOptions) => executor.run(jobs, runOptions),
    stats: () => executor.stats(),
    close: async () => {},
    preflightContext: async (language, environment) => {
      const context = await executor.preflightContext!(language, environment);
      return context && { ...context, engine: { ...context.engine, ...engine } };
    },
  };
}

describe('the preflight cache', () => {
  it('runs the canaries once, then takes the passed outcome while nothing changed', async () => {
    const first = await runPreflight(executor, options);
    expect(first.cachedFrom).toBeUndefined();
    expect(first.verdicts.get('sleeper')?.status).toBe('timeout');
    const executed = executor.stats().executed;
    const second = await runPreflight(executor, options);
    expect(second.cachedFrom).toMatch(/^\d{4}-/);
    expect(second.canaries).toBe(first.canaries);
    expect(executor.stats().executed).toBe(executed);
  });

  it('runs them again when the engine, the limits or the references changed', async () => {
    await runPreflight(executor, options);
    const changed = [
      runPreflight(withEngine({ interpreter: '/usr/bin/python3:other' }), options),
      runPreflight(executor, { ...options, limits: { ...limits, timeoutMs: 4000 } }),
      runPreflight(executor, {
        ...options,
        references: [{ ...reference, source: `${reference.source}# another\n` }],
      }),
    ];
    for (const report of await Promise.all(changed)) expect(report.cachedFrom).toBeUndefined();
  });

  it('never keeps a failed preflight', async () => {
    const engine = { interpreter: '/usr/bin/python3:failing' };
    // an engine that passes everything: the wrong program too, so the preflight fails
    const lenient: Executor = {
      ...withEngine(engine),
      run: async (jobs) => {
        const passed: Verdict = { status: 'passed', durationMs: 1 };
        return new Map(jobs.map((job) => [job.id, passed]));
      },
    };
    await expect(runPreflight(lenient, options)).rejects.toBeInstanceOf(PreflightError);
    const report = await runPreflight(withEngine(engine), options);
    expect(report.cachedFrom).toBeUndefined();
    expect(report.verdicts.size).toBe(report.canaries);
  });

  it('is off unless asked: a caller that reads the verdicts gets them', async () => {
    await runPreflight(executor, options);
    const report = await runPreflight(executor, { ...options, cache: false });
    expect(report.verdicts.size).toBe(report.canaries);
  });
});
