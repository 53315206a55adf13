import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PasskError, RunWriteError } from '../core/errors.js';
import type { Problem } from '../tasks/types.js';
import { replaceFile } from './formats/durable-write.js';
import {
  type CompletionReader,
  writeBigcodeGenerations,
  writeResults,
  writeSamples,
} from './formats/index.js';
import type { MetricsFile } from './metrics-file.js';
import type { GenerationRecord, ResultRecord } from './records.js';

/** run.json: the facts of this particular run (times, machine counters, shard), not the score. */
export interface RunInfo {
  passk_version: string;
  started_at: string;
  duration_ms: number;
  /** Sandbox, isolation, workers and the executor's counters (dedup, cache hits, timeouts…). */
  execution: Record<string, unknown>;
  /** `i/N` when the run was one shard (see `passk merge`). */
  shard?: string;
  /** The run's whole resolved configuration (pipeline's RunConfig). */
  config?: Record<string, unknown>;
  /** Model runs: failed samples, retries by cause, fallbacks, dead replicas. */
  generation?: Record<string, unknown>;
  /** `--label`: the user's name for the run. */
  label?: string;
}

export interface RunOutputs {
  metrics: MetricsFile;
  /** run.json; left out by callers that have no run of their own (imports, fixtures). */
  run?: RunInfo;
  results: readonly ResultRecord[];
  records: readonly GenerationRecord[];
  problems: readonly Problem[];
  /** The task's reading of a samples.jsonl "completion" (Task.fromCompletion), for samples.jsonl. */
  fromCompletion?: CompletionReader;
}

/**
 * Writes a finished evaluation: metrics.json, run.json, results.jsonl (one verdict per sample), and the
 * programs in both formats users already have (bigcode generations.json, human-eval
 * samples.jsonl). metrics.json is written last and atomically, so its presence means the rest
 * is complete.
 */
export async function writeRunOutputs(
  dir: string,
  outputs: RunOutputs,
): Promise<Record<string, string>> {
  await mkdir(dir, { recursive: true });
  const files = {
    results: join(dir, 'results.jsonl'),
    generations: join(dir, 'generations.json'),
    samples: join(dir, 'samples.jsonl'),
    run: join(dir, 'run.json'),
    metrics: join(dir, 'metrics.json'),
  };
  const { run } = outputs;
  await writing(dir, files.results, () => writeResults(files.results, outputs.results));
  await writing(dir, files.generations, () =>
    writeBigcodeGenerations(files.generations, outputs.problems, outputs.records),
  );
  await writing(dir, files.samples, () =>
    writeSamples(
      files.samples,
      outputs.records,
      outputs.problems,
      outputs.fromCompletion === undefined ? {} : { fromCompletion: outputs.fromCompletion },
    ),
  );
  if (run) {
    await writing(dir, files.run, () => writeFile(files.run, `${JSON.stringify(run, null, 2)}\n`));
  }
  await writing(dir, files.metrics, () =>
    replaceFile(files.metrics, `${JSON.stringify(outputs.metrics, null, 2)}\n`),
  );
  return files;
}

/**
 * A run file that cannot be written (disk full, quota, file size limit, I/O error) is one line
 * naming it, exit 1, never "internal error". metrics.json is written last, so the run is not
 * taken for finished: the same command again (a model run: its --resume) completes it.
 */
async function writing(dir: string, file: string, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    const errno =
      !(error instanceof PasskError) && typeof (error as NodeJS.ErrnoException)?.code === 'string';
    if (!errno) throw error;
    throw new RunWriteError(
      file,
      error,
      `free some space, then run the same command again (${dir} has no metrics.json, so it is not taken for a finished run; a model run: passk run --resume ${dir} --allow-code-execution keeps its samples)`,
    );
  }
}
