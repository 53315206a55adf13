import type { VerdictStatus } from '../../execution/types.js';
import type { MetricsFile } from '../metrics-file.js';

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
  /** sha256 of the program as executed (candidate + tests). */
  executedSha256: string;
}

export interface StoredSample {
  problemId: string;
  sample: number;
  program: string;
  /** sha256 of `program` (the candidate, without tests). */
  programSha256: string;
  raw?: string;
  finishReason?: string;
  seed?: number;
  /** Absent for a sample that was generated but not (yet) executed. */
  verdict?: StoredVerdict;
}

/** A whole run, as `passk show` and `passk report` read it. */
export interface RunDetail {
  summary: RunSummary;
  /** metrics.json as written; null for a generation-only run. */
  metrics: MetricsFile | null;
  config: Record<string, unknown>;
  provenance: Provenance;
  /** In benchmark order. */
  problems: StoredProblem[];
  /** In problem order, then sample order. */
  samples: StoredSample[];
}
