import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/cli.js';
import type { RunConfig } from '../index.js';
import { registerRun } from './commands/run.js';
import { parseGenerationFlags } from './generation-options.js';
import { parseEvaluationFlags } from './options.js';
import { flagsOfRunConfig, RESUME_POLICY, resolveRunFlags, savedOptions } from './run-config.js';

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
  pythonEnv: '/opt/venv',
  judge: 'in-process',
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
    expect(evaluation.pythonEnv).toBe('/opt/venv');
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

/** `passk run` as main() builds it (its options are what --resume must account for). */
function runCommand(): Command {
  const program = new Command('passk');
  const never = new AbortController().signal;
  registerRun(program, { drain: never, abort: never });
  const run = program.commands.find((command) => command.name() === 'run');
  if (!run) throw new Error('no run command');
  return run;
}

/** Every field set, so that each RunConfig flag has something to restore. */
const full: RunConfig = {
  ...config,
  excludeContaminated: 'contamination.json',
  until: '2024-06-30',
};

describe('--resume accounts for every option of passk run', () => {
  const names = [...new Set(runCommand().options.map((option) => option.attributeName()))];

  it('places each option: restored from the RunConfig, saved beside it, or not restored (why)', () => {
    expect(names.filter((name) => !(name in RESUME_POLICY))).toEqual([]);
    expect(Object.keys(RESUME_POLICY).filter((name) => !names.includes(name))).toEqual([]);
    for (const [name, policy] of Object.entries(RESUME_POLICY)) {
      if (typeof policy === 'object') expect(policy.notRestored, name).toMatch(/\w{4}/);
    }
  });

  it('restores each RunConfig option from a RunConfig with every field set', () => {
    const restored = flagsOfRunConfig(full);
    const wanted = names.filter((name) => RESUME_POLICY[name] === 'config');
    expect(wanted.filter((name) => restored[name] === undefined)).toEqual([]);
  });

  it('saves exactly the options kept beside the RunConfig', () => {
    const given = Object.fromEntries(names.map((name) => [name, `value-of-${name}`]));
    const saved = savedOptions(given);
    const wanted = names.filter((name) => RESUME_POLICY[name] === 'saved').sort();
    expect(Object.keys(saved).sort()).toEqual(wanted);
  });

  it('a resume gets back every option but the not-restored ones', async () => {
    const dir = await tempDir();
    const given = Object.fromEntries(names.map((name) => [name, `value-of-${name}`]));
    const file = { config: full, options: savedOptions(given) };
    await writeFile(join(dir, 'run-config.json'), JSON.stringify(file));
    const flags = await resolveRunFlags({ resume: dir }, runCommand());
    const missing = names.filter(
      (name) => RESUME_POLICY[name] !== undefined && flags[name] === undefined,
    );
    const notRestored = Object.keys(RESUME_POLICY).filter(
      (name) => typeof RESUME_POLICY[name] === 'object',
    );
    expect(missing.sort()).toEqual(notRestored.filter((name) => name !== 'resume').sort());
    for (const name of names.filter((key) => RESUME_POLICY[key] === 'saved')) {
      expect(flags[name], name).toBe(`value-of-${name}`);
    }
  });

  it('restores --python-env and the saved options, never --json or --progress-interval', async () => {
    const dir = await tempDir();
    // as an older passk wrote it: presentation flags among the saved options
    const options = { task: 'toy', dataDir: '/data', json: true, progressInterval: '5' };
    const file = {
      config: { ...full, generation: { ...full.generation!, headerNames: [] } },
      options,
    };
    await writeFile(join(dir, 'run-config.json'), JSON.stringify(file));
    const flags = await resolveRunFlags({ resume: dir }, runCommand());
    expect(flags).toMatchObject({ pythonEnv: '/opt/venv', task: 'toy', dataDir: '/data' });
    expect(flags['json']).toBeUndefined();
    expect(flags['progressInterval']).toBeUndefined();
  });
});
