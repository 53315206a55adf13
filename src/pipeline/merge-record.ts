import { runStorePath } from '../store/db/paths.js';
import { inferModel } from '../store/db/provenance.js';

/** Where a merged run was recorded, or why it was not. */
export type MergeRecorded = { runId: string; db: string } | { warning: string };

/**
 * Records a merged shard run in the run store, like any finished run, so that `passk runs` and
 * `passk show latest` find it. The merged directory is read back as an unrecorded run dir is
 * (prompts and tests from the task's dataset, offline); the model is the shards' (their
 * generation.json: the merged dir has none), the execution counters the summed ones. The
 * toolchain is left out: the shards may have run on other machines than this one. The files are
 * complete before the store is touched, so a store that cannot be written (or a dataset no
 * longer here) costs a warning, never the merge.
 */
export async function recordMergedRun(
  dir: string,
  shardDir: string,
  execution: Record<string, unknown>,
  db: string | undefined,
): Promise<MergeRecorded> {
  try {
    // Loaded here: only recording needs the native SQLite addon.
    const { readRunDir } = await import('../store/db/run-dir.js');
    const { openRunDb } = await import('../store/db/open.js');
    const { recordRun } = await import('../store/db/record.js');
    const input = await readRunDir(dir);
    const candidates = input.metrics?.config['candidates'];
    const model = await inferModel(
      typeof candidates === 'string' ? candidates : undefined,
      shardDir,
    );
    const path = runStorePath(db, dir);
    const store = openRunDb(path);
    try {
      return { runId: recordRun(store, { ...input, model, execution }), db: path };
    } finally {
      store.close();
    }
  } catch (error) {
    return { warning: `merged run not recorded in the run store: ${(error as Error).message}` };
  }
}
