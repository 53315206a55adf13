import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VerdictStatus } from '../execution/types.js';
import { writeResults } from '../store/formats/index.js';
import { buildMetrics } from '../store/metrics-file.js';
import type { ResultRecord } from '../store/records.js';
import { tasks } from '../tasks/index.js';
import type { Problem } from '../tasks/types.js';

/** A planted sample outcome: a status, or a status with its error type (and a tamper flag). */
export type Outcome = VerdictStatus | [VerdictStatus, string] | [VerdictStatus, string, string];

export interface SyntheticRun {
  task?: string;
  /** problem id → one outcome per sample, in problem order. */
  outcomes: Record<string, Outcome[]>;
  config?: Record<string, unknown>;
  /** `i/N`: written to run.json, as `passk evaluate --shard` does. */
  shard?: string;
  datasetSha256?: string;
  /** metrics.json's dataset.file (a placeholder path by default). */
  datasetFile?: string;
  ks?: number[];
  /** Extra top-level metrics.json fields, as a model run's `generation` metadata. */
  provenance?: Record<string, unknown>;
}

/**
 * Writes a run directory with planted verdicts, as `passk evaluate` lays it out: results.jsonl,
 * metrics.json (through the real buildMetrics), generations.json and samples.jsonl (programs are
 * placeholders naming their problem and sample).
 */
export async function writeSyntheticRun(dir: string, run: SyntheticRun): Promise<void> {
  const task = await tasks.get(run.task ?? 'humaneval');
  const ids = Object.keys(run.outcomes);
  const problems = ids.map(
    (id): Problem => ({
      id,
      language: 'python',
      prompt: '',
      datasetPrompt: '',
      tests: '',
      meta: {},
    }),
  );
  const results: ResultRecord[] = ids.flatMap((id) =>
    run.outcomes[id]!.map((outcome, sample): ResultRecord => {
      const [status, errorType, tamper] =
        typeof outcome === 'string' ? [outcome, undefined, undefined] : outcome;
      return {
        task_id: id,
        sample,
        program_hash: `${id}#${sample}`,
        status,
        ...(errorType === undefined ? {} : { error_type: errorType }),
        ...(tamper === undefined ? {} : { tamper }),
        duration_ms: 1,
      };
    }),
  );
  const metrics = buildMetrics({
    task,
    ks: run.ks ?? [1, 10, 100],
    results,
    problems,
    missing: [],
    dataset: {
      rows: [],
      file: run.datasetFile ?? '/data/humaneval.jsonl',
      sha256: run.datasetSha256 ?? 'd1',
      source: 'local',
    },
    executor: { sandbox: 'bwrap', isolation: 'namespaces', workers: 2 },
    ...(run.provenance === undefined ? {} : { provenance: run.provenance }),
    config: { candidates: 'synthetic', timeout_ms: 3000, k: run.ks ?? [1, 10, 100], ...run.config },
  });
  await mkdir(dir, { recursive: true });
  await writeResults(join(dir, 'results.jsonl'), results);
  const programs = ids.map((id) => run.outcomes[id]!.map((_, s) => `# ${id} sample ${s}\n`));
  await writeFile(join(dir, 'generations.json'), JSON.stringify(programs));
  const rows = ids.flatMap((id, i) =>
    programs[i]!.map((p) => `${JSON.stringify({ task_id: id, solution: p })}\n`),
  );
  await writeFile(join(dir, 'samples.jsonl'), rows.join(''));
  if (run.shard !== undefined) {
    await writeFile(join(dir, 'run.json'), `${JSON.stringify({ shard: run.shard })}\n`);
  }
  await writeFile(join(dir, 'metrics.json'), `${JSON.stringify(metrics, null, 2)}\n`);
}
