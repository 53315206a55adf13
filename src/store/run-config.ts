import { z } from 'zod';

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
  /** Another run's samples the task's problems are built from (`--descriptions`); null: none. */
  taskInput: z.string().nullable().default(null),
});

export type RunConfig = z.infer<typeof runConfigSchema>;
