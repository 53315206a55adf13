import { type CandidateSource, evaluate, formatSummary, progressReporter } from '../../index.js';
import { defaultOutputDir, type EvaluationFlags, evaluationOptions } from '../options.js';

/** Shared tail of `evaluate` and `run --model reference`: flags → evaluate() → summary. */
export async function evaluateWithFlags(
  flags: EvaluationFlags,
  candidates: CandidateSource,
  signal: AbortSignal,
): Promise<void> {
  const result = await evaluate({
    ...evaluationOptions(flags),
    candidates,
    outputDir: flags.outputDir ?? defaultOutputDir(flags.task),
    onEvent: progressReporter(),
    signal,
  });
  process.stdout.write(formatSummary(flags.task, result));
}
