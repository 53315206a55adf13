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
  const fromRun =
    'legacy' in saved ? saved.legacy : { ...saved.options, ...flagsOfRunConfig(saved.config) };
  return { ...raw, ...fromRun, ...explicit, resume };
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

/** Flags the RunConfig records (or that must be given again): not saved beside it. */
const NOT_SAVED = [
  // never inherited: the opt-in to run code, replacing a finished run, the resume itself
  'resume',
  'allowCodeExecution',
  'overwrite',
  // values may be credentials: the RunConfig keeps the header names only
  'header',
  // in the RunConfig
  'model',
  'modelName',
  'baseUrl',
  'chat',
  'systemPrompt',
  'preset',
  'nSamples',
  'temperature',
  'topP',
  'maxNewTokens',
  'seed',
  'label',
  'limit',
  'limitStart',
  'k',
  'timeout',
  'timeFactor',
  'sandbox',
  'shard',
  'excludeContaminated',
  'descriptions',
  'since',
  'until',
  'modelCutoff',
];

/** The CLI options kept beside the RunConfig in run-config.json (runModel's savedOptions). */
export function savedOptions(flags: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(flags).filter(([key]) => !NOT_SAVED.includes(key)));
}
