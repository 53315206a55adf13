import { describe, expect, it } from 'vitest';
import type { RunConfig } from '../index.js';
import { parseGenerationFlags } from './generation-options.js';
import { parseEvaluationFlags } from './options.js';
import { flagsOfRunConfig, savedOptions } from './run-config.js';

const config: RunConfig = {
  task: 'humaneval',
  candidates: 'records',
  limit: 5,
  limitStart: 2,
  k: [1, 10],
  timeoutMs: 2500,
  timeFactor: 3,
  memoryBytes: 2 ** 31,
  workers: 2,
  sandbox: 'bwrap',
  shard: '1/4',
  excludeContaminated: null,
  taskInput: 'describe-run',
  since: '2024-01-01',
  until: null,
  modelCutoff: '2023-12-15',
  generation: {
    backend: 'openai-compatible',
    model: 'coder',
    baseUrls: ['http://127.0.0.1:1/v1', 'http://127.0.0.1:2/v1'],
    api: 'chat',
    systemPrompt: 'be brief',
    nSamples: 20,
    temperature: 0.25,
    topP: 0.95,
    maxNewTokens: 300,
    seed: 0,
    stop: [],
    headerNames: ['x-auth'],
    label: 'nightly',
  },
};

describe('resume flags from a RunConfig', () => {
  it('parse back to the same settings', () => {
    const flags: Record<string, unknown> = { task: 'humaneval', ...flagsOfRunConfig(config) };
    const evaluation = parseEvaluationFlags(flags);
    expect(evaluation).toMatchObject({ limit: 5, limitStart: 2, k: [1, 10], timeout: 2500 });
    expect(evaluation).toMatchObject({ timeFactor: 3, sandbox: 'bwrap', shard: '1/4' });
    expect(evaluation.descriptions).toBe('describe-run');
    expect(evaluation).toMatchObject({ since: '2024-01-01', modelCutoff: '2023-12-15' });
    expect(evaluation.until).toBeUndefined();
    const generation = parseGenerationFlags({
      preset: 'pass@1',
      batchSize: '8',
      samplesPerRequest: '20',
      serverN: true,
      stream: true,
      requestTimeout: '300',
      maxRetries: '6',
      progressInterval: '30',
      contextSize: '4096',
      fsync: 'batched',
      ...flags,
    });
    expect(generation.sampling).toMatchObject({
      nSamples: 20,
      temperature: 0.25,
      topP: 0.95,
      maxNewTokens: 300,
      seed: 0,
    });
    expect(generation.backendOptions).toMatchObject({
      model: 'coder',
      baseUrls: config.generation?.baseUrls,
      api: 'chat',
    });
    expect(generation).toMatchObject({ systemPrompt: 'be brief', label: 'nightly' });
    expect(flags['model']).toBe('openai-compatible');
  });

  it('never saves header values, the code-execution opt-in or what the RunConfig holds', () => {
    const saved = savedOptions({
      header: ['X-Auth: secret'],
      allowCodeExecution: true,
      temperature: '0.2',
      dataDir: '/data',
      batchSize: '4',
    });
    expect(saved).toEqual({ dataDir: '/data', batchSize: '4' });
  });
});
