import { dirname, resolve } from 'node:path';
import { ConfigError } from '../../core/errors.js';
import { isSwitchWord } from '../../core/switch-words.js';

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
  if (fromEnv !== undefined && fromEnv !== '') return resolve(storeFile(fromEnv, 'PASSK_DB'));
  const folder = runDir === undefined ? DEFAULT_RUNS_DIR : dirname(resolve(runDir));
  return resolve(folder, DB_FILE);
}

/**
 * The store file `value` names, refused when it is a switch word rather than a path
 * (`--db false`, `PASSK_DB=0`); `./false` is a path and is accepted.
 *
 * @throws ConfigError naming where the value came from and how to not record a run
 */
export function storeFile(value: string, origin: string): string {
  if (isSwitchWord(value)) {
    throw new ConfigError(`${origin} '${value}' is not a run store file`, {
      hint: 'to not record the run pass --no-db (library: db: false); to use a file of that name write ./NAME',
    });
  }
  return value;
}

/**
 * The store a run in `runDir` is recorded in: `db` when given (checked by storeFile), else
 * defaultDbPath. Called before any work too, so that a bad value fails at once.
 */
export function runStorePath(db: string | undefined, runDir?: string): string {
  return db === undefined ? defaultDbPath(runDir) : resolve(storeFile(db, '--db'));
}
