import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigError } from '../core/errors.js';
import type { DatasetLoadOptions } from '../datasets/types.js';
import { defaultIntervals, renderReport } from '../report/html/index.js';
import { loadRun } from '../store/load.js';
import type { RunRecord } from '../store/records.js';

export interface ReportOptions {
  /** Run ids, id prefixes, `latest` or run directories; with two, a comparison is added. */
  runs: readonly string[];
  /** Where to write the HTML; default: not written (the result has it). */
  output?: string;
  /** Page title; default 'passk report'. */
  title?: string;
  /** The run store; default as `showRun`. */
  db?: string;
  /** For run directories no store knows: where their task's dataset is. */
  dataset?: DatasetLoadOptions;
}

export interface ReportResult {
  html: string;
  /** The absolute path written, when `output` was given. */
  file?: string;
  runs: RunRecord[];
  /** Samples shown, over all runs. */
  samples: number;
}

/**
 * `passk report`: one self-contained HTML page of one or more runs (pass@k with intervals,
 * the problems × samples grid, verdicts, provenance; two runs: their comparison).
 *
 * @throws ConfigError without runs; PasskError when a run is not found
 */
export async function report(options: ReportOptions): Promise<ReportResult> {
  if (options.runs.length === 0) throw new ConfigError('a report needs at least one run');
  const runs: RunRecord[] = [];
  for (const ref of options.runs) {
    runs.push(
      await loadRun(ref, {
        ...(options.db === undefined ? {} : { db: options.db }),
        ...(options.dataset === undefined ? {} : { dataset: options.dataset }),
      }),
    );
  }
  const html = renderReport(runs, {
    intervals: defaultIntervals,
    ...(options.title === undefined ? {} : { title: options.title }),
  });
  const samples = runs.reduce((sum, r) => sum + r.samples.length, 0);
  if (options.output === undefined) return { html, runs, samples };
  const file = resolve(options.output);
  await writeFile(file, html);
  return { html, file, runs, samples };
}
