/**
 * One function per `passk` command, each with typed options and result. The CLI is a thin shell
 * over these (flags → options, result → terminal); `evaluate` and `runModel` live in pipeline/.
 */
export { type CompareOptions, compare } from './compare.js';
export {
  type ContaminationOptions,
  type ContaminationResult,
  contamination,
} from './contamination.js';
export {
  type DoctorOptions,
  type DoctorReport,
  doctor,
  doctorError,
  type ReferenceCheck,
  type ToolchainCheck,
} from './doctor.js';
export { type MergeOptions, type MergeResult, merge } from './merge.js';
export { type ReportOptions, type ReportResult, report } from './report.js';
export {
  type ListRunsOptions,
  type ListRunsResult,
  listRuns,
  type ShowRunOptions,
  type ShowRunResult,
  showRun,
} from './runs.js';
export { type ListTasksOptions, listTasks, type TaskInfo } from './tasks.js';
