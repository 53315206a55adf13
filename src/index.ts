/** passk's library API: the only import path users need. */
export * from './core/errors.js';
export { PASSK_VERSION } from './core/version.js';
export { loadDataset } from './datasets/index.js';
export type { DatasetLoadOptions, DatasetSpec, LoadedDataset } from './datasets/types.js';
export type { RunEvent, RunEventListener } from './execution/events.js';
export { createExecutor } from './execution/index.js';
export type {
  ExecJob,
  ExecLimits,
  Executor,
  Language,
  Program,
  Verdict,
  VerdictStatus,
} from './execution/types.js';
export type { GenerateOptions, SampleRecord } from './generation/index.js';
export {
  type GenerationResult,
  generate,
  resolveSampling,
  SAMPLING_PRESETS,
} from './generation/index.js';
export { passAtK } from './metrics/pass-at-k.js';
export { type BackendOptions, createBackend } from './models/index.js';
export type { ModelBackend } from './models/types.js';
export type { CandidateSource } from './pipeline/candidates.js';
export { type EvaluateOptions, type EvaluateResult, evaluate } from './pipeline/evaluate.js';
export { type RunModelOptions, type RunModelResult, runModel } from './pipeline/run-model.js';
export { cutAtStop, StreamingStopDetector } from './postprocess/stop.js';
export type { MetricsFile } from './store/metrics-file.js';
export type { GenerationRecord, ResultRecord } from './store/records.js';
export { defineTask, type Problem, type Task, tasks } from './tasks/index.js';
