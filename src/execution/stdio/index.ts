export { compareOutputs, DEFAULT_TOLERANCE, type Tolerance, tokens } from './compare.js';
export { type StdioCase, stdioJudge } from './judge.js';
export {
  isStdioLanguage,
  type StdioProgramSpec,
  stdioProgram,
  stdioTimeoutMs,
} from './program.js';
