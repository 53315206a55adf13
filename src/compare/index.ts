export {
  type CompareRunsOptions,
  type Comparison,
  compareRuns,
  type ProblemChange,
  type RunSide,
} from './compare.js';
