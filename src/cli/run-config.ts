import { join } from 'node:path';
import type { Command } from 'commander';
import { ConfigError, RUN_CONFIG_FILE, type RunConfig, readRunConfigFile } from '../index.js';

/**
 * The option bag for this invocation. On resume: the run's resolved RunConfig (run-config.json
 * `config`: sampling, model, base URLs, problems, ks, limits) as flags, over the run's other
 * saved options (dataset and transport flags), with the flags given on this command line laid
 * over both (defaults never override what the run was started with). A changed setting that
 * decides what is sampled is refused by runModel before anything is written.
 */
export async function resolveRunFlags(
  raw: Record<string, unknown>,
  command: Command,
): Promise<Record<string, unknown>> {
  const resume = raw['resume'];
  if (typeof resume !== 'string') return raw;
  const saved = await readSaved(resume);
  const explicit = Object.fromEntries(
    Object.entries(raw).filter(([key]) => command.getOptionValueSource(key) === 'cli'),
  );
  const fromRun = restorable(
    'legacy' in saved ? saved.legacy : { ...saved.options, ...flagsOfRunConfig(saved.config) },
  );
  checkSameBackend(resume, fromRun['model'], explicit['model']);
  return { ...raw, ...fromRun, ...explicit, resume };
}

/**
 * A resume keeps the run's backend: `--model reference` would score the canonical solutions
 * into a model run's directory, another backend would mix two models' samples in one journal.
 */
function checkSameBackend(dir: string, saved: unknown, given: unknown): void {
  if (given === undefined || saved === undefined || given === saved) return;
  throw new ConfigError(
    `${dir} is a run of --model ${String(saved)}: a resume cannot change the backend (--model ${String(given)})`,
    { hint: 'leave --model out to resume it, or start a new run with another --output-dir' },
  );
}

async function readSaved(dir: string) {
  const saved = await readRunConfigFile(dir).catch((error: unknown) => {
    throw new ConfigError(
      `cannot read ${join(dir, RUN_CONFIG_FILE)}: ${(error as Error).message}`,
      {
        hint: 'pass the directory a `passk run` wrote (its --output-dir)',
      },
    );
  });
  if (saved === undefined) {
    throw new ConfigError(`${dir} is not a passk run directory (no ${RUN_CONFIG_FILE})`, {
      hint: 'pass the directory a `passk run` wrote (its --output-dir)',
    });
  }
  return saved;
}

/** The flags (as commander gives them: strings) that reproduce a RunConfig. */
export function flagsOfRunConfig(config: RunConfig): Record<string, unknown> {
  const g = config.generation;
  const flags: Record<string, unknown> = {
    limitStart: String(config.limitStart),
    k: config.k.join(','),
    timeout: String(config.timeoutMs / 1000),
  };
  if (config.limit !== null) flags['limit'] = String(config.limit);
  if (config.timeFactor !== null) flags['timeFactor'] = String(config.timeFactor);
  if (config.sandbox !== null) flags['sandbox'] = config.sandbox;
  if (config.shard !== null) flags['shard'] = config.shard;
  if (config.excludeContaminated !== null) {
    flags['excludeContaminated'] = config.excludeContaminated;
  }
  if (config.taskInput !== null) flags['descriptions'] = config.taskInput;
  if (config.since !== null) flags['since'] = config.since;
  if (config.until !== null) flags['until'] = config.until;
  if (config.modelCutoff !== null) flags['modelCutoff'] = config.modelCutoff;
  if (config.pythonEnv !== null) flags['pythonEnv'] = config.pythonEnv;
  flags['judge'] = config.judge;
  if (!g) return flags;
  Object.assign(flags, {
    model: g.backend,
    chat: g.api === 'chat',
    nSamples: String(g.nSamples),
    temperature: String(g.temperature),
    topP: String(g.topP),
    maxNewTokens: String(g.maxNewTokens),
    seed: String(g.seed),
  });
  if (g.model !== null) flags['modelName'] = g.model;
  if (g.baseUrls.length > 0) flags['baseUrl'] = g.baseUrls;
  if (g.systemPrompt !== null) flags['systemPrompt'] = g.systemPrompt;
  if (g.label !== null) flags['label'] = g.label;
  return flags;
}

/**
 * What `--resume` does with each option of `passk run` (the test enumerates the command's
 * options against this table, so a new flag must be placed here):
 * - `config`: in the RunConfig; restored by flagsOfRunConfig, never saved beside it;
 * - `saved`: kept beside the RunConfig in run-config.json `options` and restored from there;
 * - a reason: neither saved nor restored (given again, or deliberately per invocation).
 */
export const RESUME_POLICY: Readonly<Record<string, 'config' | 'saved' | { notRestored: string }>> =
  {
    // the RunConfig
    limit: 'config',
    limitStart: 'config',
    k: 'config',
    timeout: 'config',
    timeFactor: 'config',
    sandbox: 'config',
    pythonEnv: 'config',
    judge: 'config',
    shard: 'config',
    excludeContaminated: 'config',
    descriptions: 'config',
    since: 'config',
    until: 'config',
    modelCutoff: 'config',
    model: 'config',
    modelName: 'config',
    baseUrl: 'config',
    chat: 'config',
    systemPrompt: 'config',
    nSamples: 'config',
    temperature: 'config',
    topP: 'config',
    maxNewTokens: 'config',
    seed: 'config',
    label: 'config',
    // beside it: dataset, store, cache and transport settings
    task: 'saved',
    config: 'saved',
    workers: 'saved',
    outputDir: 'saved',
    db: 'saved',
    dataDir: 'saved',
    datasetPath: 'saved',
    cacheDir: 'saved',
    offline: 'saved',
    cache: 'saved',
    keepTracebacks: 'saved',
    artifactCache: 'saved',
    fimFormat: 'saved',
    taskArg: 'saved',
    instructionTokens: 'saved',
    saveReferences: 'saved',
    skipPreflight: 'saved',
    batchSize: 'saved',
    concurrency: 'saved',
    samplesPerRequest: 'saved',
    serverN: 'saved',
    stream: 'saved',
    requestTimeout: 'saved',
    totalTimeout: 'saved',
    maxRetries: 'saved',
    retryDelay: 'saved',
    maxOutage: 'saved',
    apiKeyEnv: 'saved',
    extraBody: 'saved',
    serverStopLimit: 'saved',
    threads: 'saved',
    contextSize: 'saved',
    generationOnly: 'saved',
    fsync: 'saved',
    executor: 'saved',
    executorTokenFile: 'saved',
    // neither
    resume: { notRestored: 'the resume itself' },
    allowCodeExecution: { notRestored: 'the opt-in to run untrusted code is given each time' },
    overwrite: { notRestored: 'a resume already replaces its own run directory' },
    header: { notRestored: 'values may be credentials; the RunConfig keeps the names only' },
    preset: { notRestored: 'its n, temperature and top_p are in the RunConfig' },
    json: { notRestored: 'presentation: how this invocation prints its summary' },
    bigcodeJson: { notRestored: 'presentation: how this invocation prints its summary' },
    progressInterval: { notRestored: 'presentation: how often this invocation prints progress' },
  };

/** The CLI options kept beside the RunConfig in run-config.json (runModel's savedOptions). */
export function savedOptions(flags: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(flags).filter(([key]) => RESUME_POLICY[key] === 'saved'),
  );
}

/**
 * What a run directory's saved options (or an older passk's flat flag bag) restore: everything
 * but the flags that are never restored (a run-config.json written before presentation flags
 * were left out may hold `json`, which must not turn a plain resume's output into JSON).
 */
function restorable(saved: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(saved).filter(([key]) => typeof RESUME_POLICY[key] !== 'object'),
  );
}
