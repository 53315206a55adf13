import type { RunEventListener } from '../execution/events.js';
import { saveRun } from '../store/db/save.js';
import { type RunOutputs, writeRunOutputs } from '../store/run-dir.js';
import type { CandidateSource } from './candidates.js';

export interface PersistOptions {
  outputDir?: string;
  /** The run store file; false: do not record. */
  db?: string | false;
  candidates: CandidateSource;
  /** `--label`: the run's name in reports (kept with its model in the store). */
  label?: string;
}

/**
 * Writes the run directory, then records the run in the SQLite store. The JSON outputs are
 * complete before the store is touched, so a store that cannot be written costs a warning,
 * never the run. Nothing is written without an output dir.
 */
export async function persistRun(
  options: PersistOptions,
  outputs: RunOutputs,
  emit: RunEventListener,
): Promise<{ files: Record<string, string>; runId: string | undefined }> {
  if (options.outputDir === undefined) return { files: {}, runId: undefined };
  const files = await writeRunOutputs(options.outputDir, outputs);
  if (options.db === false) return { files, runId: undefined };
  try {
    const saved = await saveRun({
      metrics: outputs.metrics,
      results: outputs.results,
      records: outputs.records,
      problems: outputs.problems,
      runDir: options.outputDir,
      candidates: options.candidates,
      ...(options.label === undefined ? {} : { label: options.label }),
      ...(outputs.run === undefined ? {} : { execution: outputs.run.execution }),
      ...(options.db === undefined ? {} : { db: options.db }),
    });
    files['db'] = saved.db;
    return { files, runId: saved.runId };
  } catch (error) {
    emit({
      type: 'warning',
      message: `run not recorded in the run store: ${(error as Error).message}`,
    });
    return { files, runId: undefined };
  }
}
