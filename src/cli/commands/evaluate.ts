import type { Command } from 'commander';
import { addEvaluationOptions, nSamplesFlag, parseEvaluationFlags } from '../options.js';
import type { StopSignals } from '../stop-signals.js';
import { evaluateWithFlags, progressIntervalMs } from './evaluate-flags.js';

export function registerEvaluate(program: Command, stop: StopSignals): void {
  addEvaluationOptions(
    program
      .command('evaluate')
      .description(
        'score a generations file: bigcode generations.json or human-eval/EvalPlus samples.jsonl',
      ),
  )
    .requiredOption(
      '--generations <file>',
      'generations.json (list of lists), samples.jsonl(.gz), or an EvalPlus or MultiPL-E samples folder',
    )
    .option('--n-samples <n>', 'use the first n samples of each problem (default: all in the file)')
    .option(
      '--allow-missing',
      'score only the problems the file has samples for (stated in metrics.json)',
    )
    .option(
      '--label <text>',
      'a name for this run, shown in reports (kept in run.json and the store)',
    )
    .option('--progress-interval <seconds>', 'off a terminal: a progress line this often', '30')
    .action(async (raw: Record<string, unknown>) => {
      const flags = parseEvaluationFlags(raw);
      const label = typeof raw['label'] === 'string' ? raw['label'] : undefined;
      const progressMs = progressIntervalMs(raw['progressInterval']);
      await evaluateWithFlags(
        flags,
        {
          kind: 'file',
          path: String(raw['generations']),
          allowMissing: raw['allowMissing'] === true,
          ...nSamplesFlag(raw['nSamples']),
        },
        stop,
        label,
        progressMs,
      );
    });
}
