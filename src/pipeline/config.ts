import { resolve } from 'node:path';
import { ConfigError } from '../core/errors.js';
import { DEFAULT_SANDBOX } from '../execution/sandboxes/index.js';
import { defaultSlots } from '../execution/slots.js';
import type { ExecLimits, JudgePlacement } from '../execution/types.js';
import type { SamplingConfig } from '../generation/sampling.js';
import type { BackendOptions } from '../models/index.js';
import {
  type GenerationConfig,
  generationConfigSchema,
  type RunConfig,
  readRunConfigFile,
  runConfigSchema,
} from '../store/run-config.js';
import type { Problem, Task } from '../tasks/types.js';
import type { CandidateSource } from './candidates.js';
import { defaultMemoryBytes } from './memory-default.js';
import { formatShard, type Shard } from './shard.js';

const DEFAULT_K = [1, 10, 100];
export const DEFAULT_MEMORY_BYTES = 2 * 1024 ** 3;
/** Captured stdout and stderr of a program, each. */
const PROGRAM_OUTPUT_BYTES = 1024 * 1024;

/**
 * A task's program limits, evaluate's defaults filled in: whatever runs its programs (evaluate,
 * the between-turns judge, `passk serve`) uses these, so they find each other's verdicts in the
 * cache and agree on them.
 */
export function programLimits(
  task: Task,
  options: { timeoutMs?: number | undefined; memoryBytes?: number | undefined } = {},
): ExecLimits {
  return {
    timeoutMs: options.timeoutMs ?? task.defaultTimeoutMs,
    memoryBytes: options.memoryBytes ?? defaultMemoryBytes(task, DEFAULT_MEMORY_BYTES),
    outputBytes: PROGRAM_OUTPUT_BYTES,
  };
}

export { type GenerationConfig, generationConfigSchema, type RunConfig, runConfigSchema };

/** The options a RunConfig is resolved from (EvaluateOptions has these). */
export interface RunConfigOptions {
  candidates: CandidateSource;
  limit?: number;
  limitStart?: number;
  k?: number[];
  timeoutMs?: number;
  timeFactor?: number;
  memoryBytes?: number;
  workers?: number;
  sandbox?: string;
  shard?: Shard;
  excludeContaminated?: string;
  since?: string;
  until?: string;
  modelCutoff?: string;
  /** A model run's generation settings (see resolveGenerationConfig). */
  generationConfig?: GenerationConfig;
  taskInput?: string;
  /** A venv for the task's libraries (see EvaluateOptions.pythonEnv). */
  pythonEnv?: string;
  /** Where verdicts are decided (see EvaluateOptions.judge); default 'outside'. */
  judge?: JudgePlacement;
}

/**
 * The run's configuration with every default filled in: the one place they are decided.
 *
 * @throws ConfigError for a k, time factor or limit that is not allowed
 */
export function resolveRunConfig(task: Task, options: RunConfigOptions): RunConfig {
  const limits = programLimits(task, options);
  const parsed = runConfigSchema.safeParse({
    task: task.name,
    candidates:
      options.candidates.kind === 'file' ? options.candidates.path : options.candidates.kind,
    limit: options.limit ?? null,
    limitStart: options.limitStart ?? 0,
    k: validateKs(options.k ?? DEFAULT_K),
    timeoutMs: limits.timeoutMs,
    timeFactor: options.timeFactor ?? null,
    memoryBytes: limits.memoryBytes,
    workers:
      options.workers ??
      defaultSlots({
        language: task.language,
        environment: task.environment !== undefined,
        warm: (options.sandbox ?? DEFAULT_SANDBOX) !== 'subprocess',
      }),
    sandbox: options.sandbox ?? null,
    shard: options.shard === undefined ? null : formatShard(options.shard),
    excludeContaminated: options.excludeContaminated ?? null,
    since: options.since ?? null,
    until: options.until ?? null,
    modelCutoff: options.modelCutoff ?? null,
    generation: options.generationConfig ?? null,
    taskInput: options.taskInput ?? null,
    // absolute: a resume from another directory must find the same venv
    pythonEnv: options.pythonEnv === undefined ? null : resolve(options.pythonEnv),
    judge: options.judge ?? 'outside',
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`invalid ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}

/**
 * metrics.json `config`: what decides the score, in bigcode's snake_case, the same for every
 * shard of a run (no shard, workers or paths of this machine). `time_factor` appears when it was
 * set, so shards run with different factors cannot be merged; `judge` is where verdicts were
 * decided ('outside' or 'in-process', `--judge`).
 */
export function scoringConfig(config: RunConfig, excluded?: string[]): Record<string, unknown> {
  return {
    candidates: config.candidates,
    limit: config.limit,
    limit_start: config.limitStart,
    timeout_ms: config.timeoutMs,
    ...(config.timeFactor === null ? {} : { time_factor: config.timeFactor }),
    memory_bytes: config.memoryBytes,
    k: config.k,
    ...(excluded === undefined ? {} : { excluded_contaminated: excluded }),
    ...(config.since === null && config.until === null && config.modelCutoff === null
      ? {}
      : {
          date_window: {
            since: config.since,
            until: config.until,
            model_cutoff: config.modelCutoff,
          },
        }),
    ...(config.taskInput === null ? {} : { task_input: config.taskInput }),
    judge: config.judge,
  };
}

function validateKs(ks: number[]): number[] {
  for (const k of ks) {
    if (!Number.isInteger(k) || k < 1) {
      throw new ConfigError(`--k values must be positive integers, got '${k}'`);
    }
  }
  return [...new Set(ks)].sort((a, b) => a - b);
}

/** What a model run's GenerationConfig is resolved from (RunModelOptions has these). */
export interface GenerationConfigOptions {
  backend: string;
  backendOptions: BackendOptions;
  sampling: SamplingConfig;
  systemPrompt?: string;
  label?: string;
}

/**
 * A model run's generation settings, as recorded in its RunConfig: header names without their
 * values (often credentials), no API key. `stop` is what the samples are cut at.
 */
export function resolveGenerationConfig(
  options: GenerationConfigOptions,
  stop: readonly string[],
): GenerationConfig {
  const { backendOptions: b, sampling } = options;
  return generationConfigSchema.parse({
    backend: options.backend,
    model: b.model ?? null,
    baseUrls: [...(b.baseUrls ?? [])],
    api: b.api ?? 'completions',
    systemPrompt: b.api === 'chat' ? (options.systemPrompt ?? null) : null,
    nSamples: sampling.nSamples,
    temperature: sampling.temperature,
    topP: sampling.topP,
    maxNewTokens: sampling.maxNewTokens,
    seed: sampling.seed,
    stop: [...stop],
    headerNames: Object.keys(b.headers ?? {})
      .map((name) => name.toLowerCase())
      .sort(),
    label: options.label ?? null,
  });
}

/**
 * What decides a run's problems, with the flag that sets each: a resume that changed one would
 * sample other problems into the same journal and score a different benchmark under the old
 * name. (A changed task was refused before only by its stop sequences, which named no task.)
 */
const SELECTION: readonly (readonly [keyof RunConfig, string])[] = [
  ['task', '--task'],
  ['limit', '--limit'],
  ['limitStart', '--limit-start'],
  ['shard', '--shard'],
  ['excludeContaminated', '--exclude-contaminated'],
  ['since', '--since'],
  ['until', '--until'],
  ['modelCutoff', '--model-cutoff'],
  ['taskInput', '--descriptions'],
];

/** Throws ConfigError when a resume selects other problems than the run it resumes. */
export function checkResumedSelection(previous: RunConfig, current: RunConfig): void {
  const shown = (value: unknown) => (value === null ? 'none' : String(value));
  const differing = SELECTION.filter(
    ([key]) => JSON.stringify(previous[key]) !== JSON.stringify(current[key]),
  ).map(([key, flag]) => `${flag} ${shown(previous[key])} → ${shown(current[key])}`);
  if (differing.length === 0) return;
  throw new ConfigError(
    `this run directory holds a run of ${previous.task} that a resume cannot change (${differing.join('; ')})`,
    {
      hint: 'resume with the run’s own settings (plain --resume DIR), or start a new run directory',
    },
  );
}

/** Settings a resumed run may change: more samples, other replicas, a new label. */
const MAY_CHANGE: ReadonlySet<keyof GenerationConfig> = new Set(['nSamples', 'baseUrls', 'label']);

/**
 * Throws ConfigError when resuming with `current` would mix samples drawn under settings other
 * than the run's (`previous`), or would leave out a header the run was started with.
 */
export function checkResumedGeneration(previous: GenerationConfig, current: GenerationConfig) {
  const missing = previous.headerNames.filter((name) => !current.headerNames.includes(name));
  if (missing.length > 0) {
    throw new ConfigError(
      `this run was started with --header ${missing.join(', ')}, whose value is not saved`,
      { hint: `give it again: --header '${missing[0]}: VALUE'` },
    );
  }
  if (current.nSamples < previous.nSamples) throw fewerSamples(previous, current);
  const keys = Object.keys(current) as (keyof GenerationConfig)[];
  const differing = keys.filter(
    (key) =>
      !MAY_CHANGE.has(key) &&
      key !== 'headerNames' &&
      JSON.stringify(previous[key]) !== JSON.stringify(current[key]),
  );
  if (differing.length === 0) return;
  const detail = differing.map(
    (key) => `${key}: ${JSON.stringify(previous[key])} → ${JSON.stringify(current[key])}`,
  );
  throw new ConfigError(
    `this run directory was generated with other settings (${detail.join('; ')})`,
    { hint: 'resume with the same settings, or start a new run directory' },
  );
}

/**
 * A resume asks for fewer samples than the run has or is drawing: it would not drop any (the
 * journal keeps them, and the score would be over n = the smaller number or not, by accident),
 * so it is refused, with the command that scores the first n instead.
 */
function fewerSamples(previous: GenerationConfig, current: GenerationConfig): ConfigError {
  return new ConfigError(
    `this run was started with --n-samples ${previous.nSamples}: a resume can add samples, not drop them (--n-samples ${current.nSamples})`,
    {
      hint: `to score the first ${current.nSamples} of each problem: passk evaluate --generations RUN_DIR --n-samples ${current.nSamples} --output-dir NEW_DIR --allow-code-execution`,
    },
  );
}

/**
 * Evaluating a `--generation-only` run directory: the generation settings its run-config.json
 * recorded, so that the evaluated run's RunConfig keeps them whole; undefined otherwise.
 */
export async function savedGenerationConfig(options: {
  candidates: CandidateSource;
}): Promise<GenerationConfig | undefined> {
  if (options.candidates.kind !== 'file') return undefined;
  // a generations file rather than a run directory: no run-config.json beside it (ENOTDIR)
  const saved = await readRunConfigFile(options.candidates.path).catch(() => undefined);
  return saved !== undefined && 'config' in saved
    ? (saved.config.generation ?? undefined)
    : undefined;
}

/**
 * The limits a problem's reference runs under in the preflight: the run's, raised to the
 * problem's own where it has one (stdio: compile + every test; EvalPlus: each suite's, from
 * the ground truth's time), as its samples get.
 */
export function referenceLimits(limits: ExecLimits, problems: readonly Problem[]): ExecLimits {
  const own = (p: Problem) => [p.timeoutMs ?? 0, ...Object.values(p.suiteTimeoutMs ?? {})];
  return { ...limits, timeoutMs: Math.max(limits.timeoutMs, ...problems.flatMap(own)) };
}
