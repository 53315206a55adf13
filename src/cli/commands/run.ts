import { join } from 'node:path';
import type { Command } from 'commander';
import {
  ConfigError,
  formatGenerationCounters,
  formatSummary,
  PasskError,
  progressReporter,
  runModel,
  summaryJson,
} from '../../index.js';
import { jsonOnStdout, writeBigcodeResults } from '../bigcode-output.js';
import { addGenerationOptions, parseGenerationFlags } from '../generation-options.js';
import { generationOutput } from '../generation-output.js';
import {
  addEvaluationOptions,
  datasetOptions,
  defaultOutputDir,
  type EvaluationFlags,
  evaluationOptions,
  parseEvaluationFlags,
} from '../options.js';
import { resolveRunFlags, savedOptions } from '../run-config.js';
import { quitWhenAborted, type StopSignals } from '../stop-signals.js';
import { type CompletingCommands, reportUnscored } from '../unscored-samples.js';
import { evaluateWithFlags, progressIntervalMs } from './evaluate-flags.js';

export function registerRun(program: Command, stop: StopSignals): void {
  const command = addEvaluationOptions(
    program
      .command('run')
      .description(
        "generate samples with a model backend, then evaluate them ('reference': the canonical solutions)",
      ),
  ).option(
    '--model <backend>',
    'reference, openai-compatible or llama-cpp (required unless --resume)',
  );
  addGenerationOptions(command).action(async (given: Record<string, unknown>, cmd: Command) => {
    const raw = await resolveRunFlags(given, cmd);
    const flags = parseEvaluationFlags(raw);
    const model = typeof raw['model'] === 'string' ? raw['model'] : undefined;
    if (model === undefined || model === 'reference') {
      if (model === undefined) throw missingModel();
      const label = typeof raw['label'] === 'string' ? raw['label'] : undefined;
      const progressMs = progressIntervalMs(raw['progressInterval']);
      await evaluateWithFlags(flags, { kind: 'reference' }, stop, label, progressMs);
      return;
    }
    await runWithBackend(model, raw, flags, stop);
  });
}

async function runWithBackend(
  model: string,
  raw: Record<string, unknown>,
  flags: EvaluationFlags,
  stop: StopSignals,
): Promise<void> {
  const generation = parseGenerationFlags(raw);
  const runDir = generation.resume ?? flags.outputDir ?? defaultOutputDir(flags.task);
  const output = generationOutput(process.stderr, generation.progressIntervalMs);
  // Once programs run, the second Ctrl-C quits at once as in `evaluate`; during generation it
  // aborts the requests in flight (redone on resume) and the run returns.
  let judging = false;
  const stopQuitting = quitWhenAborted(stop.abort, () => judging);
  const report = progressReporter(process.stderr, generation.progressIntervalMs);
  const result = await runModel({
    ...evaluationOptions(flags),
    // A resume names its own run dir on purpose: finishing it is no accident. --overwrite
    // without it starts the run dir from nothing; with it, scores a finished run again.
    ...(flags.overwrite === true ? { overwrite: true } : {}),
    ...(generation.resume === undefined ? {} : { resume: true }),
    dataset: datasetOptions(flags),
    backend: model,
    backendOptions: { ...generation.backendOptions, ...pickHooks(output) },
    ...(generation.label === undefined ? {} : { label: generation.label }),
    sampling: generation.sampling,
    runDir,
    generationOnly: generation.generationOnly,
    fsync: generation.fsync,
    ...(generation.systemPrompt === undefined ? {} : { systemPrompt: generation.systemPrompt }),
    ...(generation.concurrency === undefined ? {} : { concurrency: generation.concurrency }),
    drain: stop.drain,
    signal: stop.abort,
    onGenerationProgress: output.onProgress,
    savedOptions: savedOptions({ ...raw, outputDir: runDir }),
    onEvent: (event) => {
      if (event.type === 'execution-start') judging = true;
      report(event);
    },
  })
    .catch((error: unknown) => stoppedWhileScoring(error, stop.abort))
    .finally(() => {
      stopQuitting();
      output.stop();
    });
  if (result === undefined) return;
  // With --json, stdout carries the summary object alone; every other line goes to stderr.
  const json = jsonOnStdout(flags);
  const say = (line: string) => (json ? process.stderr : process.stdout).write(`${line}\n`);
  const totals = result.generation.metadata.totals;
  say(
    `generated: ${totals.samples} samples (${totals.failedSamples} failed), ${totals.tokensOut} tokens, ${totals.tokensPerSecond.toFixed(1)} tokens/s; run dir: ${runDir}`,
  );
  const counters = formatGenerationCounters(result.generation);
  if (counters !== undefined) say(`generation: ${counters}`);
  if (result.finished !== undefined) {
    const task = String(result.finished.config['task']);
    const summary = { metrics: result.finished, files: { metrics: join(runDir, 'metrics.json') } };
    process.stdout.write(
      json
        ? `${JSON.stringify(summaryJson(task, summary), null, 2)}\n`
        : formatSummary(task, summary),
    );
    process.stderr.write(
      `passk: ${runDir} is a finished run with nothing left to generate: not scored again (the score above is its metrics.json; pass --overwrite to score it again)\n`,
    );
  } else if (result.generationOnlyTask !== undefined) {
    say(result.generationOnlyTask.replace('RUN_DIR', runDir));
  } else if (result.evaluation) {
    if (flags.bigcodeJson !== undefined)
      await writeBigcodeResults(flags, result.evaluation.metrics);
    else {
      process.stdout.write(
        json
          ? `${JSON.stringify({ ...summaryJson(flags.task, result.evaluation), generation: totals }, null, 2)}\n`
          : formatSummary(flags.task, result.evaluation),
      );
    }
    // Ctrl-C during the evaluation: the judged samples were saved as a partial run.
    if (result.evaluation.metrics['partial'] !== undefined) process.exitCode = 130;
  } else if (
    !result.generation.allAttempted ||
    (stop.drain.aborted && !generation.generationOnly)
  ) {
    const interrupted = stop.drain.aborted;
    const when = result.generation.allAttempted ? 'before scoring' : 'before every sample was done';
    say(
      `${interrupted ? 'stopped by Ctrl-C' : 'generation stopped'} ${when}; continue with: ${completing(runDir, generation.generationOnly).requests}`,
    );
    // Ctrl-C is 130 whether it came during generation or scoring (docs/commands.md, exit codes).
    process.exitCode = interrupted ? 130 : 1;
  } else {
    say(
      `evaluate later with: passk evaluate --task ${flags.task} --generations ${runDir}${selectionFlags(flags)} --allow-code-execution`,
    );
  }
  reportUnscored(
    {
      requestFailed: result.generation.failedSamples,
      unjudged: result.evaluation?.unscored.unjudged ?? 0,
    },
    completing(runDir, generation.generationOnly),
  );
  if (flags.json === true && !result.evaluation) {
    const summary = { task: flags.task, run_dir: runDir, evaluated: false, generation: totals };
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  }
}

/**
 * The flags that chose the problems generated for, so that the printed evaluate command scores
 * those (without them it selects every problem and refuses the run's samples as missing).
 */
function selectionFlags(flags: EvaluationFlags): string {
  const given: [string, string | number | undefined][] = [
    ['--limit', flags.limit],
    ['--limit-start', flags.limitStart === 0 ? undefined : flags.limitStart],
    ['--shard', flags.shard],
    ['--exclude-contaminated', flags.excludeContaminated],
    ['--since', flags.since],
    ['--until', flags.until],
    ['--model-cutoff', flags.modelCutoff],
  ];
  return given.map(([flag, value]) => (value === undefined ? '' : ` ${flag} ${value}`)).join('');
}

/** The commands that complete a model run left incomplete (see reportUnscored). */
function completing(runDir: string, generationOnly: boolean): CompletingCommands {
  const resume = `passk run --resume ${runDir}${generationOnly ? '' : ' --allow-code-execution'}`;
  return { requests: resume, judging: resume };
}

/**
 * The second Ctrl-C aborts what is running. Generation returns (its requests are redone on
 * resume); the scoring after it ends by throwing the abort, which is the user's stop, not a
 * bug: exit 130 as `evaluate` does, never 70 'internal error'.
 */
function stoppedWhileScoring(error: unknown, abort: AbortSignal): undefined {
  if (!abort.aborted || error instanceof PasskError) throw error;
  process.stderr.write('passk: stopped; nothing more was saved\n');
  process.exitCode = 130;
  return undefined;
}

function missingModel(): ConfigError {
  return new ConfigError('passk run needs --model', {
    hint: 'reference (the canonical solutions), openai-compatible (with --base-url) or llama-cpp',
  });
}

/** The retry and notice hooks the backend reports through (the CLI prints them). */
function pickHooks(output: ReturnType<typeof generationOutput>) {
  return { onRetry: output.onRetry, onNotice: output.onNotice };
}
