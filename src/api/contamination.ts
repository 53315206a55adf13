import { writeFile } from 'node:fs/promises';
import {
  buildReport,
  type ContaminationReport,
  DEFAULT_NGRAM,
  DEFAULT_THRESHOLD,
  scanCorpora,
} from '../contamination/index.js';
import { loadDataset } from '../datasets/index.js';
import type { DatasetLoadOptions } from '../datasets/types.js';
import { ensureParentDir } from '../store/output-paths.js';
import { resolveTask } from '../tasks/kit/resolve.js';
import type { Task } from '../tasks/types.js';

export interface ContaminationOptions {
  /** A registered task name, a task module or benchmark file, or a Task. */
  task: string | Task;
  /** Text or JSONL(.gz) files, or directories of them. */
  corpus: readonly string[];
  /** Tokens per n-gram; default 13. */
  ngram?: number;
  /** Flag a problem when its prompt or solution overlap reaches this ratio; default 0.5. */
  threshold?: number;
  /** Where to write contamination.json; default: not written. */
  output?: string;
  dataset?: DatasetLoadOptions;
}

export interface ContaminationResult {
  report: ContaminationReport;
  /** Scan time, for the MB/s the CLI prints. */
  seconds: number;
}

/**
 * `passk contamination`: n-gram overlap of corpora with a benchmark's prompts and reference
 * solutions; `report.flagged` lists the problems at or over the threshold.
 */
export async function contamination(options: ContaminationOptions): Promise<ContaminationResult> {
  // The output folder is made (and checked) before the scan, which can take minutes.
  if (options.output !== undefined) await ensureParentDir(options.output);
  const task = await resolveTask(options.task);
  const dataset = await loadDataset(task.dataset, options.dataset ?? {});
  const problems = task.problems(dataset.rows, dataset.file);
  const started = performance.now();
  const scan = await scanCorpora(problems, options.corpus, {
    n: options.ngram ?? DEFAULT_NGRAM,
    threshold: options.threshold ?? DEFAULT_THRESHOLD,
  });
  const seconds = (performance.now() - started) / 1000;
  const report = buildReport(task.name, dataset.sha256, scan);
  if (options.output !== undefined) {
    await writeFile(options.output, `${JSON.stringify(report, null, 2)}\n`);
  }
  return { report, seconds };
}
