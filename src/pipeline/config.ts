import { availableParallelism } from 'node:os';
import { ConfigError } from '../core/errors.js';
import { type RunConfig, runConfigSchema } from '../store/run-config.js';
import type { Task } from '../tasks/types.js';
import type { CandidateSource } from './candidates.js';
import { defaultMemoryBytes } from './memory-default.js';
import { formatShard, type Shard } from './shard.js';

const DEFAULT_K = [1, 10, 100];
export const DEFAULT_MEMORY_BYTES = 2 * 1024 ** 3;

export { type RunConfig, runConfigSchema };

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
  taskInput?: string;
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
    memoryBytes: options.memoryBytes ?? defaultMemoryBytes(task, DEFAULT_MEMORY_BYTES),
    workers: options.workers ?? availableParallelism(),
    sandbox: options.sandbox ?? null,
    shard: options.shard === undefined ? null : formatShard(options.shard),
    excludeContaminated: options.excludeContaminated ?? null,
    taskInput: options.taskInput ?? null,
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
    ...(config.taskInput === null ? {} : { task_input: config.taskInput }),
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
