/** The contamination check: n-gram overlap between a benchmark and a training corpus. */
export { type CorpusFormat, type CorpusStats, corpusFormat } from './corpus.js';
export {
  buildReport,
  type ContaminationReport,
  type ExclusionList,
  excludeContaminated,
  excludeProblems,
  readContaminationFile,
} from './report.js';
export {
  type BestMatch,
  DEFAULT_NGRAM,
  DEFAULT_THRESHOLD,
  type ProblemOverlap,
  type ScanOptions,
  type ScanResult,
  scanCorpora,
} from './scan.js';
export { NgramScanner, ngramKeys, TOKENIZER } from './tokenize.js';
