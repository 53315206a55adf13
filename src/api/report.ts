import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError } from '../core/errors.js';
import type { DatasetLoadOptions } from '../datasets/types.js';
import type { GeneratedSample } from '../report/html/generation.js';
import { loadRun } from '../store/load.js';
import { ensureParentDir } from '../store/output-paths.js';
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
  if (options.output !== undefined) await ensureParentDir(options.output);
  const runs: RunRecord[] = [];
  for (const ref of options.runs) {
    runs.push(
      await loadRun(ref, {
        ...(options.db === undefined ? {} : { db: options.db }),
        ...(options.dataset === undefined ? {} : { dataset: options.dataset }),
      }),
    );
  }
  const generations = await Promise.all(runs.map((run) => readJournalStats(run.summary.runDir)));
  // The renderer (~30 modules) loads only here, so other commands do not pay for it at start-up.
  const { defaultIntervals, renderReport } = await import('../report/html/index.js');
  const html = renderReport(runs, {
    intervals: defaultIntervals,
    generations,
    ...(options.title === undefined ? {} : { title: options.title }),
  });
  const samples = runs.reduce((sum, r) => sum + r.samples.length, 0);
  if (options.output === undefined) return { html, runs, samples };
  const file = resolve(options.output);
  await writeFile(file, html);
  return { html, file, runs, samples };
}

/**
 * A model run's generations journal (tokens, latency, finish reason per sample), the last line
 * of each sample winning as on resume; undefined when the run dir has none.
 */
async function readJournalStats(dir: string | null): Promise<GeneratedSample[] | undefined> {
  if (dir === null) return undefined;
  let text: string;
  try {
    text = await readFile(join(dir, 'generations.journal.jsonl'), 'utf8');
  } catch {
    return undefined;
  }
  const bySample = new Map<string, GeneratedSample>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const r = JSON.parse(line) as Record<string, unknown>;
      const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
      const reason = typeof r['finishReason'] === 'string' ? r['finishReason'] : undefined;
      const tokensOut = num(r['tokensOut']);
      const durationMs = num(r['durationMs']);
      bySample.set(`${String(r['problemId'])}\0${String(r['sample'])}`, {
        ...(reason === undefined ? {} : { finishReason: reason }),
        ...(tokensOut === undefined ? {} : { tokensOut }),
        ...(durationMs === undefined ? {} : { durationMs }),
        ...(r['error'] === undefined ? {} : { failed: true }),
      });
    } catch {
      // A torn last line (a run killed mid-write) is not a sample.
    }
  }
  return bySample.size === 0 ? undefined : [...bySample.values()];
}
