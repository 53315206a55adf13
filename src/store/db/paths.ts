import { dirname, resolve } from 'node:path';

/** The store's file name when passk picks the place. */
export const DB_FILE = 'passk.db';

/** Where default run directories go (see cli/options.ts defaultOutputDir). */
const DEFAULT_RUNS_DIR = 'passk-runs';

/**
 * Where the run store is, when the user did not say (`--db`).
 *
 * 1. `PASSK_DB`, when set: one store for every run, wherever its files go.
 * 2. With a run directory: `passk.db` in the folder that holds it. Default run dirs are
 *    `passk-runs/<task>-<time>`, so runs share `passk-runs/passk.db`; a run written with
 *    `--output-dir results/x` records into `results/passk.db`, and a test's temporary run
 *    stays inside its temporary folder.
 * 3. Without one (`passk runs`, `passk show <id>`): `./passk-runs/passk.db`.
 *
 * @returns an absolute path
 */
export function defaultDbPath(runDir?: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env['PASSK_DB'];
  if (fromEnv !== undefined && fromEnv !== '') return resolve(fromEnv);
  const folder = runDir === undefined ? DEFAULT_RUNS_DIR : dirname(resolve(runDir));
  return resolve(folder, DB_FILE);
}
