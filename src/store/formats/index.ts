import type { Problem } from '../../tasks/types.js';
import { readBigcodeGenerations } from './bigcode.js';
import { detectFormat } from './detect.js';
import { isEvalPlusSamplesDir, readEvalPlusDir } from './evalplus-dir.js';
import type { ImportedGenerations, ReadGenerationsOptions } from './imported.js';
import { isMultiplECompletionsDir, readMultiplECompletionsDir } from './multipl-e-dir.js';
import { readObjectList } from './object-list.js';
import { readSamples } from './samples.js';

export { readBigcodeGenerations, writeBigcodeGenerations } from './bigcode.js';
export { readClassEvalOutput } from './classeval-output.js';
export { detectFormat } from './detect.js';
export { isEvalPlusSamplesDir, readEvalPlusDir } from './evalplus-dir.js';
export type {
  BenchmarkPositions,
  CompletionReader,
  GenerationsFormat,
  ImportedGenerations,
  ReadGenerationsOptions,
} from './imported.js';
export { type JsonlAppender, openJsonlAppender } from './jsonl-appender.js';
export { isMultiplECompletionsDir, readMultiplECompletionsDir } from './multipl-e-dir.js';
export { openResultsWriter, readResults, VERDICT_STATUSES, writeResults } from './results.js';
export { readSamples, type WriteSamplesOptions, writeSamples } from './samples.js';

/**
 * Reads a generations file in whichever format it is (see detectFormat), or a folder of EvalPlus
 * samples or MultiPL-E completions (see readEvalPlusDir, readMultiplECompletionsDir), matched
 * against the selected problems.
 *
 * @throws GenerationsError as readBigcodeGenerations / readSamples do
 */
export async function readGenerationsFile(
  file: string,
  problems: readonly Problem[],
  options: ReadGenerationsOptions = {},
): Promise<ImportedGenerations> {
  if (await isEvalPlusSamplesDir(file)) return readEvalPlusDir(file, problems, options);
  if (await isMultiplECompletionsDir(file)) {
    return readMultiplECompletionsDir(file, problems, options);
  }
  const format = await detectFormat(file);
  if (format === 'object-list') return readObjectList(file, problems, options);
  return format === 'bigcode'
    ? readBigcodeGenerations(file, problems, options)
    : readSamples(file, problems, options);
}

/** A folder another harness wrote its samples in (not a passk run directory). */
export async function isSamplesFolder(dir: string): Promise<boolean> {
  return (await isEvalPlusSamplesDir(dir)) || (await isMultiplECompletionsDir(dir));
}
