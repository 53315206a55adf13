import type { Command } from 'commander';
import { ConfigError } from '../../core/errors.js';
import { addEvaluationOptions, parseEvaluationFlags } from '../options.js';
import { evaluateWithFlags } from './evaluate-flags.js';

export function registerRun(program: Command, signal: AbortSignal): void {
  addEvaluationOptions(
    program
      .command('run')
      .description(
        'generate samples with a model, then evaluate them (--model reference: canonical solutions)',
      ),
  )
    .requiredOption(
      '--model <name>',
      "model backend; 'reference' runs the benchmark's own solutions",
    )
    .action(async (raw: Record<string, unknown>) => {
      const flags = parseEvaluationFlags(raw);
      const model = String(raw['model']);
      if (model !== 'reference') {
        throw new ConfigError(`unknown model backend '${model}'`, { hint: 'available: reference' });
      }
      await evaluateWithFlags(flags, { kind: 'reference' }, signal);
    });
}
