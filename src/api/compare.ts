import { type CompareRunsOptions, type Comparison, compareRuns } from '../compare/compare.js';
import { loadRun } from '../store/load.js';

export interface CompareOptions extends CompareRunsOptions {
  /** The baseline: a run directory (or its metrics.json), a run id, id prefix or `latest`. */
  a: string;
  /** The run compared against it. */
  b: string;
  /** The run store for run ids; default $PASSK_DB, else passk-runs/passk.db. */
  db?: string;
}

/**
 * `passk compare`: paired per-problem comparison of run B against run A (pass@k difference
 * with a paired-bootstrap interval, sign-flip p-value, flipped problems).
 *
 * @throws PasskError when a run is not found or not finished, or no problem can be compared
 */
export async function compare(options: CompareOptions): Promise<Comparison> {
  const { a, b, db, ...compareOptions } = options;
  const load = (ref: string) =>
    loadRun(ref, { detail: 'scores', ...(db === undefined ? {} : { db }) });
  const [runA, runB] = await Promise.all([load(a), load(b)]);
  return compareRuns(runA, runB, compareOptions);
}
