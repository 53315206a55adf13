import type { Command } from 'commander';
import { z } from 'zod';
import {
  ConfigError,
  type ContaminationReport,
  contamination,
  DEFAULT_NGRAM,
  DEFAULT_THRESHOLD,
  defaultDataDir,
} from '../../index.js';

const flagsSchema = z.object({
  task: z.string(),
  corpus: z.array(z.string()).min(1),
  ngram: z
    .string()
    .regex(/^[1-9]\d*$/, '--ngram must be a whole number ≥ 1')
    .transform(Number),
  threshold: z
    .string()
    .transform(Number)
    .refine((x) => x >= 0 && x <= 1, '--threshold must be a ratio between 0 and 1, e.g. 0.5'),
  output: z.string(),
  dataDir: z.string().optional(),
  datasetPath: z.string().optional(),
  cacheDir: z.string().optional(),
  offline: z.boolean().optional(),
});

export function registerContamination(program: Command): void {
  program
    .command('contamination')
    .description(
      "scan corpora for n-gram overlap with a benchmark's prompts and reference solutions",
    )
    .requiredOption('--task <name>', 'benchmark to check (see `passk tasks`)')
    .requiredOption('--corpus <paths...>', 'text or JSONL(.gz) files, or directories of them')
    .option('--ngram <n>', 'tokens per n-gram', String(DEFAULT_NGRAM))
    .option(
      '--threshold <ratio>',
      'flag a problem when its prompt or solution overlap reaches this',
      String(DEFAULT_THRESHOLD),
    )
    .option('-o, --output <file>', 'where to write the JSON report', 'contamination.json')
    .option('--data-dir <dir>', 'local folder with benchmark files (env PASSK_DATA_DIR)')
    .option('--dataset-path <file>', 'explicit dataset file')
    .option('--cache-dir <dir>', 'Hugging Face download cache (env PASSK_CACHE_DIR)')
    .option('--offline', 'never download; use local files and the cache only')
    .action(async (raw: Record<string, unknown>) => {
      const parsed = flagsSchema.safeParse(raw);
      if (!parsed.success)
        throw new ConfigError(parsed.error.issues[0]?.message ?? 'invalid flags');
      const flags = parsed.data;
      const dataDir = flags.dataDir ?? defaultDataDir();
      const { report, seconds } = await contamination({
        task: flags.task,
        corpus: flags.corpus,
        ngram: flags.ngram,
        threshold: flags.threshold,
        output: flags.output,
        dataset: {
          ...(flags.datasetPath === undefined ? {} : { datasetPath: flags.datasetPath }),
          ...(dataDir === undefined ? {} : { dataDir }),
          ...(flags.cacheDir === undefined ? {} : { cacheDir: flags.cacheDir }),
          ...(flags.offline ? { offline: true } : {}),
        },
      });
      process.stdout.write(formatReport(report, seconds, flags.output));
    });
}

function formatReport(report: ContaminationReport, seconds: number, output: string): string {
  const mb = report.bytes / 1e6;
  const lines = [
    `${report.task}: ${report.problems.length} problems, ${report.ngram}-grams, scanned ${mb.toFixed(1)} MB in ${report.corpora.length} files (${(mb / Math.max(seconds, 1e-9)).toFixed(1)} MB/s)`,
    `  flagged (prompt or solution overlap ≥ ${report.threshold}): ${report.flagged.length}`,
  ];
  const top = report.problems
    .filter((p) => p.found > 0)
    .sort((a, b) => b.ratio - a.ratio)
    .slice(0, 10);
  for (const p of top) {
    const where =
      p.best === null
        ? ''
        : `  at ${p.best.file}${p.best.field ? ` line ${p.best.line} ${p.best.field}` : `:${p.best.line}`} (byte ${p.best.offset}, ${p.best.tokens} tokens)`;
    lines.push(
      `  ${p.flagged ? '!' : ' '} ${p.task_id}: ratio ${p.ratio.toFixed(3)} (prompt ${p.prompt_ratio.toFixed(3)}, solution ${p.solution_ratio.toFixed(3)})${where}`,
    );
  }
  if (top.length === 0) lines.push('  no n-gram of any problem was found');
  const bad = report.corpora.reduce((sum, c) => sum + c.badLines, 0);
  if (bad > 0) lines.push(`  warning: ${bad} JSONL lines were not valid JSON and were skipped`);
  lines.push(`  report: ${output}`);
  return `${lines.join('\n')}\n`;
}
