import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { z } from 'zod';
import {
  ConfigError,
  compare,
  DEFAULT_RESAMPLES,
  DEFAULT_BOOTSTRAP_SEED as DEFAULT_SEED,
  ensureParentDir,
  formatComparison,
} from '../../index.js';
import { DB_FLAG_HELP } from './runs.js';

const flagsSchema = z.object({
  k: z
    .string()
    .regex(/^[1-9]\d*$/, '--k must be a whole number ≥ 1')
    .transform(Number),
  resamples: z
    .string()
    .regex(/^[1-9]\d*$/, '--resamples must be a whole number ≥ 1')
    .transform(Number),
  seed: z.string().regex(/^\d+$/, '--seed must be a whole number').transform(Number),
  confidence: z
    .string()
    .transform(Number)
    .refine((x) => x > 0 && x < 1, '--confidence must be between 0 and 1, e.g. 0.95'),
  db: z.string().optional(),
  json: z.union([z.string(), z.literal(true)]).optional(),
});

export function registerCompare(program: Command): void {
  program
    .command('compare')
    .description(
      'paired per-problem comparison of two runs: pass@k difference, interval, p-value, flips',
    )
    .argument(
      '<run-a>',
      'baseline: a run directory (or its metrics.json), or a run id, id prefix or "latest"',
    )
    .argument('<run-b>', 'run to compare against it')
    .option('--k <k>', 'compare pass@k at this k', '1')
    .option(
      '--resamples <n>',
      'bootstrap resamples (and sign-flip rounds)',
      String(DEFAULT_RESAMPLES),
    )
    .option('--seed <n>', 'PRNG seed, for reproducible intervals', String(DEFAULT_SEED))
    .option('--confidence <level>', 'two-sided confidence level', '0.95')
    .option('--db <file>', DB_FLAG_HELP)
    .option(
      '--json [file]',
      'write the full comparison as JSON: to FILE (the text still printed), or alone on stdout',
    )
    .action(async (refA: string, refB: string, raw: Record<string, unknown>) => {
      const parsed = flagsSchema.safeParse(raw);
      if (!parsed.success)
        throw new ConfigError(parsed.error.issues[0]?.message ?? 'invalid flags');
      const { json, db, ...options } = parsed.data;
      if (typeof json === 'string') await ensureParentDir(json);
      const store = db === undefined ? {} : { db };
      const comparison = await compare({ a: refA, b: refB, ...options, ...store });
      const text = `${JSON.stringify(comparison, null, 2)}\n`;
      if (json === true) {
        process.stdout.write(text);
        return;
      }
      if (json !== undefined) await writeFile(json, text);
      process.stdout.write(formatComparison(comparison));
    });
}
