import type { Command } from 'commander';
import { report } from '../../index.js';
import { DB_FLAG_HELP } from './runs.js';
import { loadOptions } from './show.js';

export function registerReport(program: Command): void {
  program
    .command('report')
    .description('write a self-contained HTML report of one or more runs (two: a comparison)')
    .argument('<runs...>', 'run ids, id prefixes, "latest", or run directories')
    .option('-o, --output <file>', 'where to write the report', 'report.html')
    .option('--title <text>', 'page title', 'passk report')
    .option('--db <file>', DB_FLAG_HELP)
    .option(
      '--data-dir <dir>',
      'benchmark files, for run dirs not in the store (env PASSK_DATA_DIR)',
    )
    .action(
      async (
        refs: string[],
        raw: { output: string; title: string; db?: string; dataDir?: string },
      ) => {
        const result = await report({
          runs: refs,
          output: raw.output,
          title: raw.title,
          ...loadOptions(raw),
        });
        const file = result.file!;
        const runs = result.runs;
        const kib = (Buffer.byteLength(result.html) / 1024).toFixed(0);
        const samples = result.samples;
        process.stdout.write(
          `wrote ${file} (${runs.length === 1 ? '1 run' : `${runs.length} runs`}, ${samples} samples, ${kib} KiB)\n`,
        );
      },
    );
}
