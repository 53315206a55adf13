import { resolve } from 'node:path';
import { RunStoreError } from '../../core/errors.js';
import type { VerdictStatus } from '../../execution/types.js';
import type { MetricsFile } from '../metrics-file.js';
import type { Provenance, RunRecord, RunSummary, StoredProblem, StoredSample } from '../records.js';
import type { RunDb } from './open.js';

interface RunRow {
  id: string;
  created_at: string;
  run_dir: string | null;
  task: string;
  model: string | null;
  problems: number;
  samples: number;
  pass_at_1: number | null;
}

const SUMMARY_COLUMNS = 'id, created_at, run_dir, task, model, problems, samples, pass_at_1';

function toSummary(row: RunRow): RunSummary {
  return {
    id: row.id,
    createdAt: row.created_at,
    runDir: row.run_dir,
    task: row.task,
    model: row.model,
    problems: row.problems,
    samples: row.samples,
    passAt1: row.pass_at_1,
  };
}

export interface ListRunsOptions {
  /** Only runs of this task. */
  task?: string;
  /** At most this many, newest first. Default: all. */
  limit?: number;
}

/** Runs, newest first. */
export function listRuns(db: RunDb, options: ListRunsOptions = {}): RunSummary[] {
  const where = options.task === undefined ? '' : 'WHERE task = @task';
  const limit = options.limit === undefined ? '' : 'LIMIT @limit';
  const rows = db
    .prepare(`SELECT ${SUMMARY_COLUMNS} FROM runs ${where} ORDER BY created_at DESC, id ${limit}`)
    .all({ ...options }) as RunRow[];
  return rows.map(toSummary);
}

/**
 * Finds a run by `latest`, its id, a unique id prefix (4+ characters, as git allows), or the
 * run directory it wrote (the newest run recorded for that directory).
 *
 * @returns the run, or undefined when nothing matches
 * @throws RunStoreError naming the candidates when a prefix is ambiguous
 */
export function findRun(db: RunDb, ref: string): RunSummary | undefined {
  const select = `SELECT ${SUMMARY_COLUMNS} FROM runs`;
  if (ref === 'latest') {
    const row = db.prepare(`${select} ORDER BY created_at DESC LIMIT 1`).get() as
      | RunRow
      | undefined;
    return row && toSummary(row);
  }
  const exact = db.prepare(`${select} WHERE id = ?`).get(ref) as RunRow | undefined;
  if (exact) return toSummary(exact);
  if (/^[0-9a-f]{4,}$/.test(ref)) {
    const rows = db.prepare(`${select} WHERE id LIKE ? || '%'`).all(ref) as RunRow[];
    if (rows.length > 1) {
      throw new RunStoreError(
        `run id prefix '${ref}' matches ${rows.map((r) => r.id).join(', ')}`,
        { hint: 'give more characters of the id (see `passk runs`)' },
      );
    }
    if (rows[0]) return toSummary(rows[0]);
  }
  const byDir = db
    .prepare(`${select} WHERE run_dir = ? ORDER BY created_at DESC LIMIT 1`)
    .get(resolve(ref)) as RunRow | undefined;
  return byDir && toSummary(byDir);
}

interface SampleRow {
  problem_id: string;
  sample: number;
  program: string;
  program_sha256: string;
  raw: string | null;
  finish_reason: string | null;
  seed: number | null;
  status: VerdictStatus | null;
  error_type: string | null;
  message: string | null;
  duration_ms: number | null;
  cpu_ms: number | null;
  executed_sha256: string | null;
  tamper: string | null;
}

/**
 * Everything stored about run `id`, texts included, but not the results.jsonl lines (loadRun
 * adds them); undefined when there is no such run.
 */
export function loadRunDetail(
  db: RunDb,
  id: string,
): Omit<RunRecord, 'results' | 'runConfig'> | undefined {
  const run = db
    .prepare(
      `SELECT ${SUMMARY_COLUMNS}, metrics_json, config_json, provenance_json FROM runs WHERE id = ?`,
    )
    .get(id) as
    | (RunRow & Record<'metrics_json' | 'config_json' | 'provenance_json', string>)
    | undefined;
  if (run === undefined) return undefined;
  const problems = db
    .prepare(
      `SELECT p.problem_id AS id, pt.body AS prompt, tt.body AS tests, p.entry_point AS entryPoint
       FROM problems p JOIN texts pt ON pt.sha256 = p.prompt_sha256 JOIN texts tt ON tt.sha256 = p.tests_sha256
       WHERE p.run_id = ? ORDER BY p.position`,
    )
    .all(id) as (StoredProblem & { entryPoint: string | null })[];
  const order = new Map(problems.map((p, i) => [p.id, i]));
  const rows = db
    .prepare(
      `SELECT s.problem_id, s.sample, prog.body AS program, s.program_sha256, raw.body AS raw,
              s.finish_reason, s.seed, v.status, v.error_type, v.message, v.duration_ms, v.cpu_ms, v.executed_sha256, v.tamper
       FROM samples s JOIN texts prog ON prog.sha256 = s.program_sha256
       LEFT JOIN texts raw ON raw.sha256 = s.raw_sha256
       LEFT JOIN verdicts v USING (run_id, problem_id, sample)
       WHERE s.run_id = ?`,
    )
    .all(id) as SampleRow[];
  rows.sort(
    (a, b) =>
      (order.get(a.problem_id) ?? Infinity) - (order.get(b.problem_id) ?? Infinity) ||
      a.sample - b.sample,
  );
  return {
    summary: toSummary(run),
    metrics: run.metrics_json === null ? null : (JSON.parse(run.metrics_json) as MetricsFile),
    config: JSON.parse(run.config_json) as Record<string, unknown>,
    provenance: JSON.parse(run.provenance_json) as Provenance,
    problems: problems.map(({ entryPoint, ...p }) => ({
      ...p,
      ...(entryPoint === null ? {} : { entryPoint }),
    })),
    samples: rows.map(toSample),
  };
}

function toSample(row: SampleRow): StoredSample {
  const sample: StoredSample = {
    problemId: row.problem_id,
    sample: row.sample,
    program: row.program,
    candidateHash: row.program_sha256,
    ...(row.raw === null ? {} : { raw: row.raw }),
    ...(row.finish_reason === null ? {} : { finishReason: row.finish_reason }),
    ...(row.seed === null ? {} : { seed: row.seed }),
  };
  if (row.status !== null && row.executed_sha256 !== null) {
    sample.verdict = {
      status: row.status,
      ...(row.error_type === null ? {} : { errorType: row.error_type }),
      ...(row.message === null ? {} : { message: row.message }),
      durationMs: row.duration_ms ?? 0,
      ...(row.cpu_ms === null ? {} : { cpuMs: row.cpu_ms }),
      programHash: row.executed_sha256,
      ...(row.tamper === null ? {} : { tamper: row.tamper }),
    };
  }
  return sample;
}
