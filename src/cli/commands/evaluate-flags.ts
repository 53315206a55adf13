import type { CandidateSource } from '../../pipeline/candidates.js';
import { evaluate } from '../../pipeline/evaluate.js';
import { progressReporter } from '../../report/progress.js';
import { formatSummary } from '../../report/summary.js';
import { datasetOptions, defaultOutputDir, type EvaluationFlags } from '../options.js';

/** Shared tail of `evaluate` and `run`: flags → evaluate() → summary on stdout. */
export async function evaluateWithFlags(
  flags: EvaluationFlags,
  candidates: CandidateSource,
  signal: AbortSignal,
): Promise<void> {
  const result = await evaluate({
    task: flags.task,
    candidates,
    allowCodeExecution: flags.allowCodeExecution === true,
    ...(flags.limit === undefined ? {} : { limit: flags.limit }),
    limitStart: flags.limitStart,
    ...(flags.k === undefined ? {} : { k: flags.k }),
    ...(flags.timeout === undefined ? {} : { timeoutMs: flags.timeout }),
    ...(flags.workers === undefined ? {} : { workers: flags.workers }),
    ...(flags.sandbox === undefined ? {} : { sandbox: flags.sandbox }),
    preflight: flags.skipPreflight !== true,
    dataset: datasetOptions(flags),
    outputDir: flags.outputDir ?? defaultOutputDir(flags.task),
    onEvent: progressReporter(),
    signal,
  });
  process.stdout.write(formatSummary(flags.task, result));
}
