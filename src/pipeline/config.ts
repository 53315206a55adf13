import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { ConfigError } from '../core/errors.js';
import type { Task } from '../tasks/types.js';
import type { CandidateSource } from './candidates.js';
import { formatShard, type Shard } from './shard.js';

const DEFAULT_K = [1, 10, 100];
const DEFAULT_MEMORY_BYTES = 2 * 1024 ** 3;

/**
 * A run's configuration, resolved once (defaults < passk.config.json < flags, the CLI's layers;
 * defaults < options for library calls) with one name per value, and written whole into the
 * run's run.json. The part that decides the score also goes into metrics.json `config`
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
  /** EvalPlus tasks: limit = max(timeoutMs, timeFactor × ground-truth time); null: the task's. */
  timeFactor: z.number().min(1).nullable(),
  memoryBytes: z.number().int().positive(),
  workers: z.number().int().positive(),
  /** The sandbox asked for; null: the default (bwrap). */
  sandbox: z.string().nullable(),
  /** `i/N`, for one shard of a sharded run. */
  shard: z.string().nullable(),
  /** The contamination.json whose flagged problems were left out. */
  excludeContaminated: z.string().nullable(),
});

export type RunConfig = z.infer<typeof runConfigSchema>;

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
}

/**
 * The run's configuration with every default filled in: the one place they are decided.
 *
 * @throws ConfigError for a k, time factor or limit that is not allowed
 */
export function resolveRunConfig(task: Task, options: RunConfigOptions): RunConfig {
  const parsed = runConfigSchema.safeParse({
    task: task.name,
    candidates:
      options.candidates.kind === 'file' ? options.candidates.path : options.candidates.kind,
    limit: options.limit ?? null,
    limitStart: options.limitStart ?? 0,
    k: validateKs(options.k ?? DEFAULT_K),
    timeoutMs: options.timeoutMs ?? task.defaultTimeoutMs,
    timeFactor: options.timeFactor ?? null,
    memoryBytes: options.memoryBytes ?? DEFAULT_MEMORY_BYTES,
    workers: options.workers ?? availableParallelism(),
    sandbox: options.sandbox ?? null,
    shard: options.shard === undefined ? null : formatShard(options.shard),
    excludeContaminated: options.excludeContaminated ?? null,
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
 * set, so shards run with different factors cannot be merged.
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
