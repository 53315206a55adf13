export {
  type CompareRunsOptions,
  type Comparison,
  compareRuns,
  type ProblemChange,
  type RunSide,
} from './compare.js';
export { type SuiteComparison, type SuiteCounts, suiteCounts, suitesOfRun } from './suites.js';
