import { runStorePath } from './paths.js';
import { inferModel, probeToolchain } from './provenance.js';
import type { RecordRunInput } from './record.js';

export interface SaveRunInput extends RecordRunInput {
  /** The store file; default defaultDbPath(runDir). */
  db?: string;
  /**
   * Where the programs came from (the pipeline's CandidateSource: 'reference', 'records', or
   * 'file' with its path), to name the model when `model` is not given.
   */
  candidates?: { kind: string; path?: string };
  /** `--label`: the run's name in reports, kept with the model (a generation.json's otherwise). */
  label?: string;
}

/**
 * What evaluate() calls at the end of a run: opens the store, records the run, closes it. The
 * native SQLite module is imported here, on first use, so that library users who never record
 * a run do not need it to load. Model and toolchain are filled in when not given.
 *
 * @returns the new run's id and the store's absolute path
 * @throws RunStoreError / SqliteError: the caller should warn, not fail the run, since the
 *   JSON outputs in the run dir are already complete
 */
export async function saveRun(input: SaveRunInput): Promise<{ runId: string; db: string }> {
  const { db: dbOption, candidates, label, ...record } = input;
  const path = runStorePath(dbOption, input.runDir);
  const source = candidates?.kind === 'file' ? candidates.path : candidates?.kind;
  const inferred = input.model !== undefined ? input.model : await inferModel(source, input.runDir);
  const model = label === undefined ? inferred : { ...(inferred ?? { name: 'unknown' }), label };
  const toolchain = input.toolchain ?? (await probeToolchain(input.problems[0]?.language));
  const { openRunDb } = await import('./open.js');
  const { recordRun } = await import('./record.js');
  const db = openRunDb(path);
  try {
    return { runId: recordRun(db, { ...record, model, toolchain }), db: path };
  } finally {
    db.close();
  }
}
