/**
 * The run store's tables. Program, prompt and test texts live once in `texts`, keyed by their
 * sha256: repeated runs of one benchmark (and low-temperature samples that repeat) would
 * otherwise store the same kilobytes hundreds of times.
 *
 * Bump SCHEMA_VERSION and add a step to MIGRATIONS for any change; a database written by a newer
 * passk is refused rather than guessed at.
 */
export const SCHEMA_VERSION = 2;

export const MIGRATIONS: readonly string[] = [
  // 0 → 1
  `
  CREATE TABLE IF NOT EXISTS runs (
    id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    run_dir TEXT,
    task TEXT NOT NULL,
    model TEXT,
    problems INTEGER NOT NULL,
    samples INTEGER NOT NULL,
    pass_at_1 REAL,
    metrics_json TEXT,
    config_json TEXT NOT NULL,
    provenance_json TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS runs_by_time ON runs (created_at);
  CREATE INDEX IF NOT EXISTS runs_by_dir ON runs (run_dir);
  CREATE TABLE IF NOT EXISTS texts (
    sha256 TEXT PRIMARY KEY,
    body TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS problems (
    run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    problem_id TEXT NOT NULL,
    prompt_sha256 TEXT NOT NULL REFERENCES texts (sha256),
    tests_sha256 TEXT NOT NULL REFERENCES texts (sha256),
    entry_point TEXT,
    PRIMARY KEY (run_id, problem_id)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS samples (
    run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    problem_id TEXT NOT NULL,
    sample INTEGER NOT NULL,
    program_sha256 TEXT NOT NULL REFERENCES texts (sha256),
    raw_sha256 TEXT REFERENCES texts (sha256),
    finish_reason TEXT,
    seed INTEGER,
    PRIMARY KEY (run_id, problem_id, sample)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS verdicts (
    run_id TEXT NOT NULL,
    problem_id TEXT NOT NULL,
    sample INTEGER NOT NULL,
    status TEXT NOT NULL,
    error_type TEXT,
    message TEXT,
    duration_ms REAL NOT NULL,
    cpu_ms REAL,
    executed_sha256 TEXT NOT NULL,
    PRIMARY KEY (run_id, problem_id, sample),
    FOREIGN KEY (run_id, problem_id, sample)
      REFERENCES samples (run_id, problem_id, sample) ON DELETE CASCADE
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS verdicts_by_status ON verdicts (run_id, status, error_type);
  `,
  // 1 → 2: each verdict's tamper flag (results.jsonl `tamper`); runs before it have none.
  'ALTER TABLE verdicts ADD COLUMN tamper TEXT;',
];
