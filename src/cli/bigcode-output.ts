import { writeFile } from 'node:fs/promises';
import { bigcodeResults, dumpBigcodeResults, type MetricsFile, RunWriteError } from '../index.js';
import type { EvaluationFlags } from './options.js';

/**
 * `--bigcode-json [FILE]` (bigcode's `--metric_output_path FILE`): bigcode's
 * evaluation_results.json on stdout, as its main.py prints it, and in FILE when given.
 */
export async function writeBigcodeResults(
  flags: EvaluationFlags,
  metrics: MetricsFile,
): Promise<void> {
  const file = typeof flags.bigcodeJson === 'string' ? flags.bigcodeJson : null;
  const dumped = dumpBigcodeResults(bigcodeResults(metrics, flags.task, file), flags.task);
  process.stdout.write(`${dumped}\n`);
  if (file === null) return;
  await writeFile(file, dumped).catch((error: unknown) => {
    throw new RunWriteError(
      file,
      error,
      'the run itself is saved: its metrics.json holds the same scores',
    );
  });
}

/** Whether stdout is kept for one JSON document (passk's --json or bigcode's layout). */
export function jsonOnStdout(flags: EvaluationFlags): boolean {
  return flags.json === true || flags.bigcodeJson !== undefined;
}
