/**
 * The SQLite run store: every run's config, provenance, samples and verdicts, for `passk runs`;
 * runs are read back as RunRecords through `loadRun` (../load.ts), like run directories. The
 * JSON/JSONL files in the run dir stay the interchange format; the store is the queryable
 * history beside them.
 *
 * Importing this module loads the native better-sqlite3 addon. Code on the evaluation path
 * imports `./save.js` instead, which loads it only when a run is actually recorded.
 */
export { type OpenOptions, openRunDb, type RunDb, RunStoreError } from './open.js';
export { DB_FILE, defaultDbPath, runStorePath, storeFile } from './paths.js';
export { inferModel, machineInfo, probeToolchain } from './provenance.js';
export { findRun, type ListRunsOptions, listRuns, loadRunDetail } from './query.js';
export { type RecordRunInput, recordRun } from './record.js';
export { isRunDir, readRunDir } from './run-dir.js';
export { type SaveRunInput, saveRun } from './save.js';
