export { compareOutputs, DEFAULT_TOLERANCE, type Tolerance, tokens } from './compare.js';
export {
  oneLine,
  parseReport,
  type StdioCase,
  stdioJudge,
  type TestLine,
  tokenDigest,
} from './judge.js';
export {
  isStdioLanguage,
  type StdioProgramSpec,
  stdioProgram,
  stdioTimeoutMs,
} from './program.js';
export {
  COMPARISON_TEXT,
  compareAs,
  OUTPUT_COMPARISONS,
  type OutputComparison,
} from './reference-compare.js';
