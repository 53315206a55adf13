/**
 * Statistics over a run's per-problem counts: pass@k with bootstrap intervals, per-problem
 * sampling variance, paired comparison, failure analysis. Pure functions, no I/O.
 */
export {
  type BootstrapInterval,
  type BootstrapOptions,
  bootstrapMean,
  DEFAULT_RESAMPLES,
} from './bootstrap.js';
export {
  analyzeFailures,
  type FailureAnalysis,
  type FailureCounts,
  type FailureInput,
  failureKind,
  formatFailures,
  type ProblemFailures,
  rankCounts,
} from './failures.js';
export { EXACT_SIGN_FLIP_LIMIT, type PairedDifference, pairedDifference } from './paired.js';
export {
  type PassAtKStat,
  type ProblemPassAtKStat,
  passAtKWithInterval,
  perProblemStats,
} from './pass-at-k-ci.js';
export { type BasePlusResult, largestPlusDrops, type PlusDrop } from './plus-drop.js';
export { DEFAULT_SEED, mulberry32, type Random } from './prng.js';
export { passAtKVariance, samplingStdError } from './variance.js';
