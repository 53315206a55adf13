import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { PasskError } from '../core/errors.js';
import { readResults } from './formats/index.js';
import type { MetricsFile } from './metrics-file.js';
import type { ResultRecord } from './records.js';

/** A finished run, as the analysis commands (compare, merge, report) read it. */
export interface LoadedRun {
  /** Absolute path of the run directory. */
  dir: string;
  /** The task the run scored (metrics.json config.task). */
  task: string;
  metrics: MetricsFile;
  /** results.jsonl in file order (empty when the file is absent). */
  results: ResultRecord[];
}

/** The parts of metrics.json that analysis relies on; the rest passes through untouched. */
const metricsSchema = z.looseObject({
  config: z.looseObject({ task: z.string() }),
  passk_version: z.string(),
  per_problem: z.array(
    z.looseObject({ task_id: z.string(), n: z.number().int(), c: z.number().int() }),
  ),
});

/**
 * Opens a run by reference: a run directory written by `passk evaluate` / `passk run` / `passk
 * merge`, or the path of its metrics.json. (Run-store ids can be added here later: callers only
 * see LoadedRun.)
 *
 * @throws PasskError (code PASSK_RUN) when the path does not exist, has no metrics.json (the
 *   run did not finish) or holds a metrics.json that is not passk's; PasskError PASSK_RESULTS
 *   from readResults on a damaged results.jsonl
 */
export async function loadRun(ref: string): Promise<LoadedRun> {
  const path = resolve(ref);
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) throw runError(`run '${ref}' not found: no such file or directory`);
  const dir = info.isDirectory() ? path : dirname(path);
  const metricsFile = info.isDirectory() ? join(path, 'metrics.json') : path;
  if (!info.isDirectory() && basename(path) !== 'metrics.json') {
    throw runError(`run '${ref}' is a file but not a metrics.json`);
  }
  let text: string;
  try {
    text = await readFile(metricsFile, 'utf8');
  } catch {
    throw runError(`${dir} has no metrics.json: not a finished passk run`, {
      hint: 'metrics.json is written last; an interrupted run has none (re-run it to finish)',
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw runError(`${metricsFile}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = metricsSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw runError(
      `${metricsFile}: not a passk metrics file (field ${issue?.path.join('.') || '(root)'}: ${issue?.message})`,
    );
  }
  const metrics = parsed.data as unknown as MetricsFile;
  const results = await readResults(join(dir, 'results.jsonl'));
  return { dir, task: parsed.data.config.task, metrics, results };
}

function runError(message: string, options: { hint?: string } = {}): PasskError {
  return new PasskError('PASSK_RUN', message, {
    hint: options.hint ?? 'give a run directory written by passk (it holds metrics.json)',
  });
}
