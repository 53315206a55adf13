import type { JudgePlacement, TamperReason, Verdict, VerdictStatus } from '../execution/types.js';
import type { MetricsFile } from './metrics-file.js';
import type { RunConfig } from './run-config.js';

/** One sample of one problem, as it will be executed. */
export interface GenerationRecord {
  problemId: string;
  /** 0-based sample index within the problem. */
  sample: number;
  /** The full candidate program (prompt + post-processed completion), as in bigcode's files. */
  program: string;
  /** The model's raw text, where known (kept beside the cut text for audits). */
  raw?: string;
  finishReason?: string;
  seed?: number;
  /** Feedback tasks: the turn this program came from (1-based); absent: the only turn. */
  attempt?: number;
  /** Set when generation failed for good; `program` is then '' and nothing is executed. */
  error?: SampleError;
}

/** Why a sample has no program. */
export interface SampleError {
  /** prompt_too_long is permanent (not retried on resume); request_failed is retried. */
  kind: 'prompt_too_long' | 'request_failed';
  message: string;
  status?: number;
}

/** One line of results.jsonl: the verdict on one sample. */
export interface ResultRecord {
  task_id: string;
  sample: number;
  /** sha256 of the executed program (candidate + tests), hex. */
  program_hash: string;
  status: Verdict['status'];
  error_type?: string;
  message?: string;
  duration_ms: number;
  cpu_ms?: number;
  /** Set when the verdict above comes from a re-run of a first-run timeout (see RerunInfo). */
  rerun?: RerunInfo;
  /**
   * Set when the program did something only an attack on the harness does: the reason (see
   * TamperReason and docs/security.md, "Tamper flags"). Such a sample never passed. Suites: the
   * first suite's flag. Absent in files written before passk flagged tampering.
   */
  tamper?: TamperReason;
  /** Feedback tasks: the turn (1-based) whose program this verdict is on. */
  attempt?: number;
  /** --keep-tracebacks: a Python program's whole traceback (the end of its stderr) when it did not pass. */
  traceback?: string;
  /**
   * Tasks judged outside (Python): where this verdict was decided, 'outside' (a judge process
   * apart from the candidate's) or 'in-process'; `judge_fallback` says why it was in-process.
   */
  judge?: JudgePlacement;
  judge_fallback?: string;
  /**
   * Tasks with test suites (e.g. EvalPlus 'base', 'plus'): each suite's own verdict. The fields
   * above then describe the sample as a whole: 'passed' only if every suite passed, else the
   * first suite (in the task's order) that did not; duration_ms is the sum.
   */
  suites?: Record<string, SuiteResult>;
}

/**
 * A verdict that came from a second run: why the first-run timeout was run again (rerun.ts:
 * 'low-cpu', 'overloaded', 'no-cpu-measure'), and the first attempt's status and timings.
 */
export interface RerunInfo {
  reason: string;
  first_status: Verdict['status'];
  first_duration_ms: number;
  first_cpu_ms?: number;
}

/** The verdict of one suite's program on one sample. */
export interface SuiteResult {
  status: Verdict['status'];
  error_type?: string;
  message?: string;
  duration_ms: number;
  /** sha256 of that suite's program (candidate + the suite's tests), hex. */
  program_hash: string;
  rerun?: RerunInfo;
  tamper?: TamperReason;
  judge?: JudgePlacement;
  judge_fallback?: string;
}

/** The model behind a run's samples, as far as passk can tell. */
export interface ModelInfo {
  /** 'reference', a backend:model id, or `file:<path>` for imported generations. */
  name: string;
  backend?: string;
  serverModel?: string;
  /** Sampling parameters (temperature, top_p, max_new_tokens, n, seed, …), when known. */
  sampling?: Record<string, unknown>;
  /** Any other backend setting that changes what is generated. */
  settings?: Record<string, unknown>;
  /** `--label`: the user's name for the run (generation.json), shown in reports. */
  label?: string;
}

/** Where a run's numbers came from: enough to reproduce it or to refuse comparing it. */
export interface Provenance {
  passkVersion: string;
  dataset: MetricsFile['dataset'] | null;
  model: ModelInfo | null;
  /** Sandbox, isolation, workers and executor counters, as metrics.json has them. */
  execution: Record<string, unknown> | null;
  /** Tool → version, e.g. { node: 'v20.20.2', python: 'python 3.11.2' }. */
  toolchain: Record<string, string>;
  machine: {
    os: string;
    arch: string;
    cpus: number;
    cpuModel: string;
    memoryBytes: number;
  };
}

/** One row of `passk runs`. */
export interface RunSummary {
  id: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  /** Absolute path of the run directory, when the run wrote one. */
  runDir: string | null;
  task: string;
  model: string | null;
  problems: number;
  samples: number;
  /** Null when pass@1 was not reported (e.g. a generation-only run). */
  passAt1: number | null;
}

export interface StoredProblem {
  id: string;
  prompt: string;
  tests: string;
  entryPoint?: string;
}

export interface StoredVerdict {
  status: VerdictStatus;
  errorType?: string;
  message?: string;
  durationMs: number;
  cpuMs?: number;
  /**
   * sha256 of the program as executed (candidate + tests), hex: results.jsonl's `program_hash`
   * (one name for it everywhere; the store's column is `executed_sha256`).
   */
  programHash: string;
  /** The verdict's tamper flag (results.jsonl `tamper`; the store's `tamper` column). */
  tamper?: TamperReason;
}

export interface StoredSample {
  problemId: string;
  sample: number;
  program: string;
  /** sha256 of `program`, the candidate without tests (the store's `program_sha256` column). */
  candidateHash: string;
  raw?: string;
  finishReason?: string;
  seed?: number;
  /** Absent for a sample that was generated but not (yet) executed. */
  verdict?: StoredVerdict;
}

/**
 * A run, as every reader sees it: `passk show`, `compare`, `report` and `merge` all get it from
 * one reader, `loadRun` (src/store/load.ts). The run directory (metrics.json, results.jsonl,
 * generations.json, run.json) and the SQLite run store are two persistences of it.
 */
export interface RunRecord {
  summary: RunSummary;
  /** metrics.json as written (config, dataset, per-problem counts, pass@k); null for a generation-only run. */
  metrics: MetricsFile | null;
  /** What decided the score: metrics.json `config` (bigcode's snake_case keys). */
  config: Record<string, unknown>;
  /**
   * The whole resolved configuration, as the run wrote it into run.json; null for runs that
   * have none (older passk, imported or merged runs, runs read from a store without their dir).
   */
  runConfig: RunConfig | null;
  /** Dataset, model, sandbox, toolchain and machine. */
  provenance: Provenance;
  /** In benchmark order. Empty when loaded with `detail: 'scores'`. */
  problems: StoredProblem[];
  /** In problem order, then sample order. Empty when loaded with `detail: 'scores'`. */
  samples: StoredSample[];
  /** The verdicts as results.jsonl has them (with per-suite results), in file order. */
  results: ResultRecord[];
}
