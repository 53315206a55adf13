import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadDataset } from '../../datasets/index.js';
import type { DatasetLoadOptions } from '../../datasets/types.js';
import { tasks } from '../../tasks/index.js';
import { isTaskPath, resolveTask } from '../../tasks/kit/resolve.js';
import { readGenerationsFile } from '../formats/index.js';
import type { MetricsFile } from '../metrics-file.js';
import { readRunResults, runDirId } from '../run-files.js';
import { RunStoreError } from './open.js';
import { inferModel } from './provenance.js';
import type { RecordRunInput } from './record.js';

/** True when `dir` looks like a finished run directory (metrics.json is written last). */
export function isRunDir(dir: string): boolean {
  return existsSync(join(dir, 'metrics.json'));
}

/**
 * Reads a finished run directory (metrics.json, results.jsonl, generations.json) back into what
 * `recordRun` takes, for runs that were never recorded in a store (older passk, `--db` elsewhere,
 * or a directory copied from another machine). Prompts and tests are not in the run dir, so the
 * task's dataset is loaded again: first the exact file metrics.json names, else the usual
 * places (data dir, cache; offline by default). The toolchain is unknown afterwards and left out.
 *
 * @throws RunStoreError when the directory is not a run dir or its task is unknown;
 *   DatasetError / GenerationsError as the readers throw them
 */
export async function readRunDir(
  dir: string,
  datasetOptions: DatasetLoadOptions = { offline: true },
): Promise<RecordRunInput> {
  const metricsFile = join(dir, 'metrics.json');
  if (!isRunDir(dir)) {
    throw new RunStoreError(`${dir} is not a finished run directory (no metrics.json)`);
  }
  const metrics = JSON.parse(await readFile(metricsFile, 'utf8')) as MetricsFile;
  const taskName = metrics.config['task'];
  if (typeof taskName !== 'string' || !(tasks.names().includes(taskName) || isTaskPath(taskName))) {
    throw new RunStoreError(`${metricsFile} names an unknown task '${String(taskName)}'`);
  }
  const task = await resolveTask(taskName);
  const recorded = metrics.dataset.file;
  const dataset = await loadDataset(
    task.dataset,
    existsSync(recorded) ? { ...datasetOptions, datasetPath: recorded } : datasetOptions,
  );
  const scored = new Set(metrics.per_problem.map((p) => p.task_id));
  const problems = task.problems(dataset.rows, dataset.file).filter((p) => scored.has(p.id));
  const generations = await readGenerationsFile(join(dir, 'generations.json'), problems, {
    allowMissing: true,
  });
  const candidates = metrics.config['candidates'];
  const finished = (await stat(metricsFile)).mtime;
  return {
    id: runDirId(dir, finished),
    metrics,
    results: await readRunResults(dir, metrics),
    records: generations.records,
    problems,
    runDir: resolve(dir),
    model: await inferModel(typeof candidates === 'string' ? candidates : undefined, dir),
    // metrics.json is written last, so its time is when the run finished.
    createdAt: finished,
  };
}
