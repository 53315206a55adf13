import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { ResultsFileError, RunNotFoundError } from '../core/errors.js';
import { inferModel, runProvenance } from './db/provenance.js';
import { readResults } from './formats/index.js';
import type { MetricsFile } from './metrics-file.js';
import type { ResultRecord, RunRecord } from './records.js';
import { type RunConfig, runConfigSchema } from './run-config.js';

/** The parts of metrics.json that readers rely on; the rest passes through untouched. */
const metricsSchema = z.looseObject({
  config: z.looseObject({ task: z.string() }),
  passk_version: z.string(),
  per_problem: z.array(
    z.looseObject({ task_id: z.string(), n: z.number().int(), c: z.number().int() }),
  ),
});

/**
 * The run directory a reference names, when it is a path: the directory itself, or the one
 * holding a metrics.json given by path. Undefined when nothing exists at `ref` (a run id).
 *
 * @throws RunNotFoundError (PASSK_RUN) for a file that is not a metrics.json
 */
export async function runDirOf(ref: string): Promise<string | undefined> {
  const path = resolve(ref);
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) return undefined;
  if (info.isDirectory()) return path;
  if (basename(path) !== 'metrics.json')
    throw runError(`run '${ref}' is a file but not a metrics.json`);
  return dirname(path);
}

/** A reference that can only be a path (it has a separator or a leading dot), not a run id. */
export function isPathLike(ref: string): boolean {
  return ref.includes('/') || ref.includes('\\') || ref.startsWith('.');
}

export function runNotFound(ref: string): RunNotFoundError {
  return runError(`run '${ref}' not found: no such file or directory`);
}

/**
 * A finished run directory's metrics.json, checked to be passk's.
 *
 * @throws RunNotFoundError (PASSK_RUN) when it is missing (the run did not finish), not JSON, or not passk's
 */
export async function readMetricsFile(dir: string): Promise<MetricsFile> {
  const file = join(dir, 'metrics.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw runError(`${dir} has no metrics.json: not a finished passk run`, {
      hint: 'metrics.json is written last; an interrupted run has none (re-run it to finish)',
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw runError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = metricsSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw runError(
      `${file}: not a passk metrics file (field ${issue?.path.join('.') || '(root)'}: ${issue?.message})`,
    );
  }
  return parsed.data as unknown as MetricsFile;
}

/**
 * A run directory's run.json (empty when it has none: imports, older runs).
 *
 * @throws RunNotFoundError (PASSK_RUN) naming the file when it is there but not a JSON object
 */
export async function readRunInfo(dir: string): Promise<Record<string, unknown>> {
  const file = join(dir, 'run.json');
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw runError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw runError(`${file}: not a passk run.json (not a JSON object)`);
  }
  return json as Record<string, unknown>;
}

/** The RunConfig in a run.json, or null when it has none that this passk can read. */
export function runConfigOf(info: Record<string, unknown>): RunConfig | null {
  const parsed = runConfigSchema.safeParse(info['config']);
  return parsed.success ? parsed.data : null;
}

/**
 * The id of a run directory no store has recorded: stable across reads of the same finished
 * run, so a report's labels do not change each time.
 */
export function runDirId(dir: string, finished: Date): string {
  return createHash('sha256')
    .update(`${resolve(dir)}\0${finished.toISOString()}`)
    .digest('hex')
    .slice(0, 8);
}

/**
 * The scores of a finished run directory, from its files alone: metrics.json, results.jsonl,
 * run.json. No dataset is loaded and no store is opened, so problems and samples are empty.
 */
export async function readRunScores(dir: string): Promise<RunRecord> {
  const metrics = await readMetricsFile(dir);
  const results = await readRunResults(dir, metrics);
  const info = await readRunInfo(dir);
  const finished = (await stat(join(dir, 'metrics.json'))).mtime;
  const task = metrics.config['task'] as string;
  const candidates = metrics.config['candidates'];
  const model = await inferModel(typeof candidates === 'string' ? candidates : undefined, dir);
  const scores = metrics[task] as Record<string, number> | undefined;
  const execution = info['execution'];
  return {
    summary: {
      id: runDirId(dir, finished),
      createdAt: finished.toISOString(),
      runDir: dir,
      task,
      model: model?.name ?? null,
      problems: metrics.problems ?? metrics.per_problem.length,
      samples: metrics.samples ?? results.length,
      passAt1: scores?.['pass@1'] ?? null,
    },
    metrics,
    config: metrics.config,
    runConfig: runConfigOf(info),
    provenance: runProvenance({
      metrics,
      model,
      ...(typeof execution === 'object' && execution !== null
        ? { execution: execution as Record<string, unknown> }
        : {}),
    }),
    problems: [],
    samples: [],
    results,
  };
}

/**
 * A finished run's verdicts (results.jsonl), for every reader of run directories. The file holds
 * a verdict for every sample metrics.json scored (and those left out of the score, such as infra
 * errors): fewer lines means it was cut short (a torn last line is dropped when read, as a
 * crashed run's is before resuming) or edited, and the run would be shown, compared or reported
 * on part of its samples without a word.
 *
 * @throws ResultsFileError (PASSK_RESULTS) for a damaged or cut-short file
 */
export async function readRunResults(
  dir: string,
  metrics: { samples?: number } | null,
): Promise<ResultRecord[]> {
  const file = join(dir, 'results.jsonl');
  const results = await readResults(file);
  const scored = metrics?.samples;
  if (scored !== undefined && results.length < scored) {
    throw new ResultsFileError(
      `${file} holds ${results.length} verdicts but metrics.json scored ${scored} samples: the file was cut short or edited`,
      { hint: 'restore results.jsonl from a copy of the run, or run the evaluation again' },
    );
  }
  return results;
}

function runError(message: string, options: { hint?: string } = {}): RunNotFoundError {
  return new RunNotFoundError(message, options);
}
