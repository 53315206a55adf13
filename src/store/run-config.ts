import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { replaceFile } from './formats/durable-write.js';

/**
 * How the samples of a model run are drawn: what decides them (a resume must not change it) and
 * where they came from. Header names only: their values (often credentials) are never saved.
 */
export const generationConfigSchema = z.strictObject({
  /** 'openai-compatible' or 'llama-cpp'. */
  backend: z.string(),
  /** `--model-name`; null: the server's single model. */
  model: z.string().nullable(),
  baseUrls: z.array(z.string()),
  api: z.enum(['completions', 'chat']),
  systemPrompt: z.string().nullable(),
  nSamples: z.number().int().positive(),
  temperature: z.number(),
  topP: z.number(),
  maxNewTokens: z.number().int().positive(),
  seed: z.number().int(),
  /** Stop sequences applied to each sample (the task's; none for chat replies). */
  stop: z.array(z.string()),
  /** `--header` names, lower-cased; a resume must give them again (values are not saved). */
  headerNames: z.array(z.string()),
  label: z.string().nullable(),
});

export type GenerationConfig = z.infer<typeof generationConfigSchema>;

/**
 * A run's configuration, resolved once by the pipeline's config stage (resolveRunConfig:
 * defaults < passk.config.json < flags, the CLI's layers; defaults < options for library calls)
 * with one name per value, written whole into the run's run.json and read back into its
 * RunRecord. The part that decides the score also goes into metrics.json `config`
 * (scoringConfig), which `passk merge` compares across shards.
 */
export const runConfigSchema = z.strictObject({
  task: z.string(),
  /** Where the programs came from: 'reference', 'records' or the generations file. */
  candidates: z.string(),
  /** Problems [limitStart, limitStart + limit) in benchmark order; null: to the end. */
  limit: z.number().int().positive().nullable(),
  limitStart: z.number().int().nonnegative(),
  /** The ks to report (sorted, distinct). */
  k: z.array(z.number().int().positive()).min(1),
  /** Per-program wall-clock limit: the option, else the task's default. */
  timeoutMs: z.number().positive(),
  /** EvalPlus tasks: per input max(1 s, timeFactor × ground-truth time); null: the task's (4). */
  timeFactor: z.number().min(1).nullable(),
  memoryBytes: z.number().int().positive(),
  workers: z.number().int().positive(),
  /** The sandbox asked for; null: the default (bwrap). */
  sandbox: z.string().nullable(),
  /** `i/N`, for one shard of a sharded run. */
  shard: z.string().nullable(),
  /** The contamination.json whose flagged problems were left out. */
  excludeContaminated: z.string().nullable(),
  /** Release-date window (YYYY-MM-DD, inclusive) and the model's training cutoff; null: none. */
  since: z.string().nullable().default(null),
  until: z.string().nullable().default(null),
  modelCutoff: z.string().nullable().default(null),
  /** Model runs: how the samples were generated; null (or absent in older runs) otherwise. */
  generation: generationConfigSchema.nullable().optional(),
  /** Another run's samples the task's problems are built from (`--descriptions`); null: none. */
  taskInput: z.string().nullable().default(null),
  /**
   * `--python-env`: the venv (absolute path) the task's libraries were imported from; null:
   * Debian's packages. Recorded so that `--resume` imports from the same place.
   */
  pythonEnv: z.string().nullable().default(null),
  /**
   * `--judge`: where verdicts of tasks that support outside judging are decided ('outside', the
   * default, or 'in-process'). Absent in runs from before outside judging: they were in-process,
   * so `--resume` keeps that.
   */
  judge: z.enum(['outside', 'in-process']).default('in-process'),
});

export type RunConfig = z.infer<typeof runConfigSchema>;

/** A model run's directory holds its RunConfig here from before the first sample on. */
export const RUN_CONFIG_FILE = 'run-config.json';

/**
 * run-config.json: the resolved RunConfig, plus the front end's own options that are not part
 * of it (the CLI's dataset and transport flags), so that `--resume DIR` needs nothing else.
 */
export const runConfigFileSchema = z.object({
  config: runConfigSchema,
  options: z.record(z.string(), z.unknown()).default({}),
});

export type RunConfigFile = z.infer<typeof runConfigFileSchema>;

/** Written to a temporary file and renamed: a kill never leaves half a run-config.json. */
export async function writeRunConfigFile(dir: string, file: RunConfigFile): Promise<void> {
  const path = join(dir, RUN_CONFIG_FILE);
  await replaceFile(path, `${JSON.stringify(file, null, 2)}\n`);
}

/**
 * The run-config.json in `dir`: `{ config }` when it is a RunConfig file, `{ legacy }` (a flat
 * bag of CLI flags) when an older passk wrote it, undefined when there is none.
 */
export async function readRunConfigFile(
  dir: string,
): Promise<RunConfigFile | { legacy: Record<string, unknown> } | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, RUN_CONFIG_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const value: unknown = JSON.parse(text);
  const parsed = runConfigFileSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  if (typeof value === 'object' && value !== null && !('config' in value)) {
    return { legacy: value as Record<string, unknown> };
  }
  throw new SyntaxError(`not a run configuration: ${parsed.error.issues[0]?.message}`);
}
