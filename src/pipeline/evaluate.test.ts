import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, ExecutionDisabledError } from '../core/errors.js';
import { createExecutor } from '../execution/index.js';
import type { Executor } from '../execution/types.js';
import type { GenerationRecord } from '../store/records.js';
import { defineTask } from '../tasks/types.js';
import { evaluate } from './evaluate.js';

function spyTask() {
  return defineTask({
    name: 'spy',
    description: 'a task that records whether anything was built to run',
    language: 'python',
    dataset: { hub: { repo: 'none/none', revision: '0'.repeat(40), path: 'x.jsonl' } },
    defaultTimeoutMs: 1000,
    stopSequences: [],
    problems: vi.fn(() => []),
    postprocess: vi.fn((_, text: string) => text),
    program: vi.fn(() => ({ language: 'python', source: 'raise SystemExit(0)' })),
  });
}

describe('evaluate() execution gate', () => {
  it('refuses before loading data or building a program when allowCodeExecution is not true', async () => {
    const task = spyTask();
    for (const allowCodeExecution of [false, undefined, 'yes']) {
      await expect(
        evaluate({
          task,
          candidates: { kind: 'reference' },
          allowCodeExecution: allowCodeExecution as boolean,
          dataset: { datasetPath: '/nonexistent/file.jsonl' },
        }),
      ).rejects.toBeInstanceOf(ExecutionDisabledError);
    }
    expect(task.problems).not.toHaveBeenCalled();
    expect(task.program).not.toHaveBeenCalled();
  });
});

describe('evaluate() --python-env', () => {
  const dataset = {
    datasetPath: fileURLToPath(new URL('../../test/fixtures/two-problems.jsonl', import.meta.url)),
    offline: true,
  };

  it('refuses a folder that is not a virtual environment before reading data, for any task', async () => {
    const task = spyTask();
    const run = evaluate({
      task,
      candidates: { kind: 'reference' },
      allowCodeExecution: true,
      pythonEnv: '/nonexistent/venv',
      dataset: { datasetPath: '/nonexistent/file.jsonl' },
    });
    await expect(run).rejects.toBeInstanceOf(ConfigError);
    await expect(run).rejects.toThrow(
      /--python-env \/nonexistent\/venv is not a virtual environment/,
    );
    expect(task.problems).not.toHaveBeenCalled();
  });

  it('says it is not used by a task that needs no libraries', async () => {
    const venv = await mkdtemp(join(tmpdir(), 'passk-evaluate-venv-'));
    try {
      await writeFile(join(venv, 'pyvenv.cfg'), 'home = /usr/bin\n');
      const warnings: string[] = [];
      const { metrics } = await evaluate({
        task: 'humaneval',
        candidates: {
          kind: 'records',
          records: [{ problemId: 'toy/0', sample: 0, program: 'def one():\n    return 1\n' }],
        },
        allowCodeExecution: true,
        preflight: false,
        db: false,
        limit: 1,
        dataset,
        pythonEnv: venv,
        onEvent: (event) => {
          if (event.type === 'warning') warnings.push(event.message);
        },
      });
      expect(metrics['humaneval']).toMatchObject({ 'pass@1': 1 });
      expect(warnings).toContain('humaneval needs no Python libraries: --python-env is not used');
    } finally {
      await rm(venv, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('evaluate() on an executor the caller owns', () => {
  const dataset = {
    datasetPath: fileURLToPath(new URL('../../test/fixtures/two-problems.jsonl', import.meta.url)),
    offline: true,
  };
  const records = (wrong: string): GenerationRecord[] => [
    { problemId: 'toy/0', sample: 0, program: 'def one():\n    return 1\n' },
    { problemId: 'toy/1', sample: 0, program: `def double(x):\n    return ${wrong}\n` },
  ];
  const run = (executor: Executor, wrong: string, outputDir: string) =>
    evaluate({
      task: 'humaneval',
      candidates: { kind: 'records', records: records(wrong) },
      allowCodeExecution: true,
      preflight: false,
      db: false,
      dataset,
      executor,
      outputDir,
    });

  it('runs on it, leaves it open, and counts only its own programs in run.json', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'passk-evaluate-executor-'));
    const executor = await createExecutor({
      allowCodeExecution: true,
      workers: 1,
      cacheDir: false,
    });
    try {
      const first = await run(executor, 'x + x', join(dir, 'a'));
      const second = await run(executor, 'x * 3', join(dir, 'b'));
      expect(first.results.map((r) => r.status)).toEqual(['passed', 'passed']);
      expect(second.results.map((r) => r.status)).toEqual(['passed', 'failed']);
      const runJson = JSON.parse(await readFile(join(dir, 'b', 'run.json'), 'utf8'));
      // not the first run's two as well (no verdict cache: both programs ran again)
      expect(runJson.execution).toMatchObject({ jobs: 2, executed: 2, workers: 1 });
      expect(runJson.config.workers).toBe(1);
      expect(runJson.config.sandbox).toBeNull();
      expect(executor.stats().executed).toBe(4);
      // still open: another run works on it
      const again = await executor.run([
        { id: 'x', program: { language: 'python', source: 'assert True\n' }, limits: LIMITS },
      ]);
      expect(again.get('x')?.status).toBe('passed');
    } finally {
      await executor.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("records the executor's sandbox in the run config when it is not the default", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'passk-evaluate-executor-'));
    const executor = await createExecutor({
      allowCodeExecution: true,
      workers: 1,
      cacheDir: false,
      sandbox: 'process',
    });
    try {
      await run(executor, 'x + x', dir);
      const runJson = JSON.parse(await readFile(join(dir, 'run.json'), 'utf8'));
      expect(runJson.config.sandbox).toBe('process');
    } finally {
      await executor.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('counts the samples the sandbox could not judge: the run is incomplete', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'passk-evaluate-executor-'));
    const real = await createExecutor({ allowCodeExecution: true, workers: 1, cacheDir: false });
    // the sandbox fails for the second problem's program (after the executor's own retry)
    const executor: Executor = {
      info: real.info,
      stats: () => real.stats(),
      close: () => real.close(),
      run: async (jobs, options) => {
        const verdicts = await real.run(jobs, options);
        for (const job of jobs) {
          if (!job.program.source.includes('def double')) continue;
          const lost = { status: 'infra-error', errorType: 'SandboxError', durationMs: 0 } as const;
          verdicts.set(job.id, { ...lost, message: 'the worker died' });
        }
        return verdicts;
      },
    };
    try {
      const result = await run(executor, 'x + x', dir);
      expect(result.results.map((r) => r.status)).toEqual(['passed', 'infra-error']);
      expect(result.unscored).toEqual({ requestFailed: 0, unjudged: 1 });
    } finally {
      await real.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses options the executor was not made with, before reading any data', async () => {
    const executor = await createExecutor({
      allowCodeExecution: true,
      workers: 1,
      cacheDir: false,
    });
    try {
      const base = {
        task: 'humaneval',
        candidates: { kind: 'reference' },
        allowCodeExecution: true,
        // refused before any data is read: a missing file would be a DatasetError
        dataset: { datasetPath: '/nonexistent/file.jsonl' },
        executor,
      } as const;
      await expect(evaluate({ ...base, workers: 2 })).rejects.toThrow(/workers 2 differs/);
      await expect(evaluate({ ...base, sandbox: 'process' })).rejects.toThrow(/sandbox 'process'/);
      await expect(evaluate({ ...base, verdictCache: false })).rejects.toBeInstanceOf(ConfigError);
      expect(executor.stats().jobs).toBe(0);
    } finally {
      await executor.close();
    }
  }, 60_000);
});

const LIMITS = { timeoutMs: 5000, memoryBytes: 2 * 1024 ** 3, outputBytes: 1 << 20 };
