import { createHash, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { Problem } from '../../tasks/types.js';
import type { MetricsFile } from '../metrics-file.js';
import type { GenerationRecord, ModelInfo, ResultRecord } from '../records.js';
import type { RunDb } from './open.js';
import { runProvenance } from './provenance.js';

/** Everything `recordRun` stores about one finished run. */
export interface RecordRunInput {
  /** metrics.json as written; absent for a generation-only run (then `task` is required). */
  metrics?: MetricsFile;
  /** One verdict per executed sample; absent or empty for a generation-only run. */
  results?: readonly ResultRecord[];
  records: readonly GenerationRecord[];
  /** The problems the samples belong to; their prompts and tests are stored for the report. */
  problems: readonly Problem[];
  /** The run directory the JSON outputs went to (stored as an absolute path). */
  runDir?: string;
  /** Defaults to metrics.config.task. */
  task?: string;
  model?: ModelInfo | null;
  /** Tool → version; see probeToolchain. */
  toolchain?: Record<string, string>;
  /** Defaults to metrics.config. */
  config?: Record<string, unknown>;
  /** The executor's info and counters (run.json's `execution`); defaults to metrics.execution. */
  execution?: Record<string, unknown>;
  /** Defaults to now. */
  createdAt?: Date;
  /** Defaults to 8 random hex digits. */
  id?: string;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Records one run in the store, in a single transaction (a crash leaves no half run), and
 * returns its id; a run recorded earlier with the same run directory is removed (replaced). Texts are stored once by sha256. A verdict whose (problem, sample) has no
 * generation record is an error: the report could not show its program.
 *
 * @throws Error when the task is unknown, a result has no sample, or an id repeats
 */
export function recordRun(db: RunDb, input: RecordRunInput): string {
  const metrics = input.metrics;
  const task = input.task ?? (metrics?.config['task'] as string | undefined);
  if (task === undefined) throw new Error('recordRun: no task (pass metrics or task)');
  const id = input.id ?? randomBytes(4).toString('hex');
  const scores = metrics?.[task] as Record<string, number> | undefined;
  const provenance = runProvenance(input);
  const addText = db.prepare('INSERT OR IGNORE INTO texts (sha256, body) VALUES (?, ?)');
  const text = (body: string): string => {
    const hash = sha256(body);
    addText.run(hash, body);
    return hash;
  };
  const addProblem = db.prepare(
    'INSERT INTO problems (run_id, position, problem_id, prompt_sha256, tests_sha256, entry_point) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const addSample = db.prepare(
    'INSERT INTO samples (run_id, problem_id, sample, program_sha256, raw_sha256, finish_reason, seed) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const addVerdict = db.prepare(
    'INSERT INTO verdicts (run_id, problem_id, sample, status, error_type, message, duration_ms, cpu_ms, executed_sha256, tamper) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const runDir = input.runDir === undefined ? null : resolve(input.runDir);
  db.transaction(() => {
    // A run directory holds one run: the run recorded there before was replaced (--overwrite,
    // a re-scored --resume), its files are gone, so its row goes too (with its samples).
    if (runDir !== null) db.prepare('DELETE FROM runs WHERE run_dir = ?').run(runDir);
    db.prepare(
      'INSERT INTO runs (id, created_at, run_dir, task, model, problems, samples, pass_at_1, metrics_json, config_json, provenance_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      id,
      (input.createdAt ?? new Date()).toISOString(),
      runDir,
      task,
      input.model?.name ?? null,
      metrics?.problems ?? input.problems.length,
      metrics?.samples ?? input.records.length,
      scores?.['pass@1'] ?? null,
      metrics === undefined ? null : JSON.stringify(metrics),
      JSON.stringify(input.config ?? metrics?.config ?? { task }),
      JSON.stringify(provenance),
    );
    input.problems.forEach((p, position) => {
      addProblem.run(id, position, p.id, text(p.prompt), text(p.tests), p.entryPoint ?? null);
    });
    for (const r of input.records) {
      const raw = r.raw === undefined ? null : text(r.raw);
      addSample.run(
        id,
        r.problemId,
        r.sample,
        text(r.program),
        raw,
        r.finishReason ?? null,
        r.seed ?? null,
      );
    }
    for (const v of input.results ?? []) {
      addVerdict.run(
        id,
        v.task_id,
        v.sample,
        v.status,
        v.error_type ?? null,
        v.message ?? null,
        v.duration_ms,
        v.cpu_ms ?? null,
        v.program_hash,
        v.tamper ?? null,
      );
    }
  })();
  return id;
}
