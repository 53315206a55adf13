export {
  type CompareOptions,
  type Comparison,
  compareRuns,
  type ProblemChange,
  type RunSide,
} from './compare.js';
export { formatComparison } from './format.js';
