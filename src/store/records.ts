import type { Verdict } from '../execution/types.js';

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
  /**
   * Tasks with test suites (e.g. EvalPlus 'base', 'plus'): each suite's own verdict. The fields
   * above then describe the sample as a whole: 'passed' only if every suite passed, else the
   * first suite (in the task's order) that did not; duration_ms is the sum.
   */
  suites?: Record<string, SuiteResult>;
}

/** The verdict of one suite's program on one sample. */
export interface SuiteResult {
  status: Verdict['status'];
  error_type?: string;
  message?: string;
  duration_ms: number;
  /** sha256 of that suite's program (candidate + the suite's tests), hex. */
  program_hash: string;
}
