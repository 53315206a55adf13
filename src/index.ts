/**
 * passk's library API: the only import path users need, and the only module the CLI imports.
 * Every command is a function here: `evaluate`, `runModel` (run), `compare`, `merge`,
 * `listRuns` (runs), `showRun` (show), `report`, `contamination`, `listTasks` (tasks), `doctor`; the
 * run record they read (`loadRun`, `RunRecord`); and what the CLI presents with (formatters,
 * progress reporters).
 */
export * from './api/index.js';
export {
  type CompareRunsOptions,
  type Comparison,
  compareRuns,
  type ProblemChange,
  type RunSide,
} from './compare/index.js';
export type { ContaminationReport } from './contamination/index.js';
export { DEFAULT_NGRAM, DEFAULT_THRESHOLD } from './contamination/index.js';
export * from './core/errors.js';
export { CACHE_OFF, isSwitchWord, pathValue } from './core/switch-words.js';
export { PASSK_VERSION } from './core/version.js';
export { defaultDataDir, loadDataset } from './datasets/index.js';
export type { DatasetLoadOptions, DatasetSpec, LoadedDataset } from './datasets/types.js';
export type {
  ExecEnvironment,
  PythonEnvironmentSpec,
  ResolvedPythonEnvironment,
} from './execution/environments/types.js';
export type { RunEvent, RunEventListener } from './execution/events.js';
export { createExecutor, defaultArtifactsDir } from './execution/index.js';
export {
  createRemoteExecutor,
  type RemoteExecutorOptions,
} from './execution/remote/executor.js';
// stdin/stdout judging and release-date windows (issue 17).
export {
  compareOutputs,
  type StdioCase,
  type StdioProgramSpec,
  stdioProgram,
  stdioTimeoutMs,
  type Tolerance,
} from './execution/stdio/index.js';
export type {
  ExecJob,
  ExecLimits,
  Executor,
  Language,
  Program,
  TamperReason,
  Verdict,
  VerdictStatus,
} from './execution/types.js';
export type { GenerateOptions, GenerationProgress, SampleRecord } from './generation/index.js';
export {
  formatGenerationCounters,
  type GenerationResult,
  generate,
  resolveSampling,
  SAMPLING_PRESETS,
} from './generation/index.js';
export type { SamplingConfig, SamplingInput } from './generation/sampling.js';
export type { FsyncPolicy } from './generation/types.js';
export { passAtK } from './metrics/pass-at-k.js';
export {
  DEFAULT_RESAMPLES,
  DEFAULT_SEED as DEFAULT_BOOTSTRAP_SEED,
} from './metrics/stats/index.js';
export { type BackendOptions, createBackend } from './models/index.js';
export { splitBaseUrls } from './models/openai/endpoints.js';
export type { ModelBackend } from './models/types.js';
export type { CandidateSource } from './pipeline/candidates.js';
export { type EvaluateOptions, type EvaluateResult, evaluate } from './pipeline/evaluate.js';
export { type RunModelOptions, type RunModelResult, runModel } from './pipeline/run-model.js';
export { formatShard, parseShard, type Shard } from './pipeline/shard.js';
export { type UnscoredSamples, unscoredSamples } from './pipeline/unscored.js';
export { cutAtStop, StreamingStopDetector } from './postprocess/stop.js';
export { bigcodeResults, dumpBigcodeResults } from './report/bigcode-results.js';
export { formatComparison } from './report/comparison-text.js';
export {
  runListJson,
  runSummaryJson,
  type ScoreJson,
  summaryJson,
} from './report/json-summary.js';
export { runLabel } from './report/labels.js';
export {
  formatDuration,
  generationProgressReporter,
  progressReporter,
} from './report/progress.js';
export { formatRunSummary, formatRuns } from './report/run-summary.js';
export { formatSummary } from './report/summary.js';
export { oneLine, sampleLabel } from './report/terminal.js';
export {
  type PasskServer,
  RUN_CODE_LANGUAGES,
  resolveToken,
  type ServeOptions,
  startServer,
} from './serve/index.js';
export { type LoadRunOptions, loadRun, scoresOf } from './store/load.js';
export type { MetricsFile, TamperMetrics } from './store/metrics-file.js';
export { checkOutputDir, ensureParentDir } from './store/output-paths.js';
export type {
  GenerationRecord,
  ModelInfo,
  Provenance,
  ResultRecord,
  RunRecord,
  RunSummary,
  StoredProblem,
  StoredSample,
  StoredVerdict,
} from './store/records.js';
export {
  type GenerationConfig,
  RUN_CONFIG_FILE,
  type RunConfig,
  type RunConfigFile,
  readRunConfigFile,
} from './store/run-config.js';
export { isCustomDataFile } from './tasks/custom/task.js';
export { defineTask, type Problem, type Task, tasks } from './tasks/index.js';
export { withInstructionTokens } from './tasks/instruct/bigcode-instruct.js';
export {
  applyDateWindow,
  type DateWindow,
  type DateWindowInfo,
  perMonthPassRate,
} from './tasks/kit/date-window.js';
export { applyTaskParams, parseTaskArgs } from './tasks/kit/task-args.js';
export { loadStdioTask, stdioTask } from './tasks/stdio/task.js';
