import {
  type CandidateSource,
  ConfigError,
  evaluate,
  formatSummary,
  progressReporter,
  summaryJson,
} from '../../index.js';
import { jsonOnStdout, writeBigcodeResults } from '../bigcode-output.js';
import { defaultOutputDir, type EvaluationFlags, evaluationOptions } from '../options.js';
import { quitWhenAborted, type StopSignals } from '../stop-signals.js';
import { type CompletingCommands, reportUnscored } from '../unscored-samples.js';

/**
 * Shared tail of `evaluate` and `run --model reference`: flags → evaluate() → summary. The first
 * Ctrl-C lets the running programs finish and saves the judged samples as a partial run (exit
 * 130); the second quits at once.
 */
export async function evaluateWithFlags(
  flags: EvaluationFlags,
  candidates: CandidateSource,
  stop: StopSignals,
  label?: string,
  progressMs?: number,
): Promise<void> {
  const outputDir = flags.outputDir ?? defaultOutputDir(flags.task);
  const stopQuitting = quitWhenAborted(stop.abort);
  try {
    const result = await evaluate({
      ...evaluationOptions(flags),
      candidates,
      outputDir,
      onEvent: progressReporter(process.stderr, progressMs),
      drain: stop.drain,
      ...(label === undefined ? {} : { label }),
    });
    if (flags.bigcodeJson !== undefined) await writeBigcodeResults(flags, result.metrics);
    else {
      process.stdout.write(
        flags.json === true
          ? `${JSON.stringify(summaryJson(flags.task, result), null, 2)}\n`
          : formatSummary(flags.task, result),
      );
    }
    if (result.metrics['partial'] !== undefined) {
      // With --json, stdout holds the JSON alone (its `partial` says the same).
      const out = jsonOnStdout(flags) ? process.stderr : process.stdout;
      out.write(`partial results (interrupted) saved in ${outputDir}\n`);
      process.exitCode = 130;
    }
    reportUnscored(result.unscored, completing(candidates));
  } finally {
    stopQuitting();
  }
}

/**
 * What completes an evaluation left incomplete: samples whose requests failed can only come from
 * a `passk run --generation-only` directory (its journal), which `--resume` fills; samples the
 * sandbox could not judge are judged again by the same command (judged ones come from the cache).
 */
function completing(candidates: CandidateSource): CompletingCommands {
  const again = 'the same command with --overwrite';
  return {
    requests: `passk run --resume ${candidates.kind === 'file' ? candidates.path : 'RUN_DIR'}`,
    afterRequests: `; then score them with ${again}`,
    judging: again,
  };
}

/** `--progress-interval S` (a string from commander) as milliseconds, at least 0.1 s. */
export function progressIntervalMs(value: unknown): number {
  const seconds = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  if (!(seconds > 0)) {
    throw new ConfigError(
      `--progress-interval must be a positive number of seconds, not '${String(value)}'`,
    );
  }
  return Math.max(100, Math.round(seconds * 1000));
}
