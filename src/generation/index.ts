export { LOCK_FILE } from '../store/run-lock.js';
export { type GenerationResult, generate } from './generate.js';
export { JOURNAL_FILE, type JournalContents, readJournal } from './journal.js';
export {
  type FailureSummary,
  type GenerationMetadata,
  METADATA_FILE,
  readMetadata,
} from './metadata.js';
export { defaultInstruction, promptFor, promptsHash } from './prompts.js';
export { formatGenerationCounters, generationRunInfo, lengthCutWarning } from './run-info.js';
export {
  DEFAULT_MAX_NEW_TOKENS,
  DEFAULT_PRESET,
  DEFAULT_SEED,
  type PresetName,
  resolveSampling,
  SAMPLING_PRESETS,
  type SamplingConfig,
} from './sampling.js';
export { readSavedGenerations, type SavedGenerations } from './saved-run.js';
export { deriveSeed } from './seeds.js';
export type {
  FsyncPolicy,
  GenerateOptions,
  GenerationProgress,
  GenerationTask,
  SampleError,
  SampleRecord,
} from './types.js';
