import { describe, expect, it } from 'vitest';
import { ConfigError } from '../core/errors.js';
import type { Problem } from '../tasks/types.js';
import { defineTask } from '../tasks/types.js';
import { referenceLimits, resolveRunConfig, runConfigSchema, scoringConfig } from './config.js';

const task = defineTask({
  name: 'toy',
  description: 'a task for config tests',
  language: 'python',
  dataset: { hub: { repo: 'none/none', revision: '0'.repeat(40), path: 'x.jsonl' } },
  defaultTimeoutMs: 3000,
  stopSequences: [],
  problems: () => [],
  postprocess: (_, text: string) => text,
  program: () => ({ language: 'python', source: '' }),
});

describe('resolveRunConfig', () => {
  it('fills every default once: the task timeout, ks 1/10/100, no time factor', () => {
    const config = resolveRunConfig(task, { candidates: { kind: 'reference' } });
    expect(config).toMatchObject({
      task: 'toy',
      candidates: 'reference',
      limit: null,
      limitStart: 0,
      k: [1, 10, 100],
      timeoutMs: 3000,
      timeFactor: null,
      memoryBytes: 2 * 1024 ** 3,
      shard: null,
    });
    expect(runConfigSchema.parse(config)).toEqual(config);
  });

  it("takes EvalPlus's 4 GiB for its tasks, as EvalPlus's guard sets it; --memory wins", async () => {
    const plus = (await import('../tasks/plus/humanevalplus.js')).humanevalplus;
    const candidates = { kind: 'reference' } as const;
    expect(resolveRunConfig(plus, { candidates }).memoryBytes).toBe(4 * 1024 ** 3);
    expect(resolveRunConfig(plus, { candidates, memoryBytes: 2 ** 30 }).memoryBytes).toBe(2 ** 30);
  });

  it('takes the options given, with one name per value', () => {
    const config = resolveRunConfig(task, {
      candidates: { kind: 'file', path: 'samples.jsonl' },
      k: [10, 1, 10],
      timeoutMs: 500,
      timeFactor: 4,
      shard: { index: 1, count: 3 },
    });
    expect(config).toMatchObject({
      candidates: 'samples.jsonl',
      k: [1, 10],
      timeoutMs: 500,
      timeFactor: 4,
      shard: '1/3',
    });
  });

  it('refuses a bad k or time factor as a user error', () => {
    const candidates = { kind: 'reference' } as const;
    expect(() => resolveRunConfig(task, { candidates, k: [0] })).toThrow(ConfigError);
    expect(() => resolveRunConfig(task, { candidates, timeFactor: 0.5 })).toThrow(ConfigError);
  });
});

describe('scoringConfig', () => {
  it("is metrics.json's config: time_factor only when set, no shard or workers", () => {
    const plain = resolveRunConfig(task, { candidates: { kind: 'reference' }, workers: 3 });
    expect(Object.keys(scoringConfig(plain))).toEqual([
      'candidates',
      'limit',
      'limit_start',
      'timeout_ms',
      'memory_bytes',
      'k',
      'judge',
    ]);
    const factor = resolveRunConfig(task, { candidates: { kind: 'reference' }, timeFactor: 7 });
    expect(scoringConfig(factor, ['x'])).toMatchObject({
      time_factor: 7,
      excluded_contaminated: ['x'],
    });
  });
});

describe("referenceLimits (the preflight runs each reference under its problem's own limit)", () => {
  const problem = (extra: Partial<Problem>): Problem => ({
    id: 'p',
    language: 'python',
    prompt: '',
    datasetPrompt: '',
    tests: '',
    meta: {},
    ...extra,
  });
  const limits = { timeoutMs: 3000, memoryBytes: 1 << 30, outputBytes: 1 << 20 };

  it("raises the run's limit to an EvalPlus suite's (ground-truth time) and a stdio problem's", () => {
    const plus = problem({ suiteTimeoutMs: { base: 4000, plus: 9500 } });
    expect(referenceLimits(limits, [problem({}), plus])).toEqual({ ...limits, timeoutMs: 9500 });
    expect(referenceLimits(limits, [problem({ timeoutMs: 7000 })]).timeoutMs).toBe(7000);
  });

  it("keeps the run's limit when it is the larger, or when no problem has its own", () => {
    expect(referenceLimits(limits, [problem({ suiteTimeoutMs: { plus: 1000 } })])).toEqual(limits);
    expect(referenceLimits(limits, [])).toEqual(limits);
  });
});
