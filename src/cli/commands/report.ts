import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { defaultIntervals, renderReport } from '../../report/html/index.js';
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
        const { loadRun } = await import('../../store/load.js');
        const options = loadOptions(raw);
        const runs = [];
        for (const ref of refs) runs.push(await loadRun(ref, options));
        const html = renderReport(runs, {
          intervals: defaultIntervals,
          title: raw.title,
        });
        const file = resolve(raw.output);
        await writeFile(file, html);
        const kib = (Buffer.byteLength(html) / 1024).toFixed(0);
        const samples = runs.reduce((sum, r) => sum + r.samples.length, 0);
        process.stdout.write(
          `wrote ${file} (${runs.length === 1 ? '1 run' : `${runs.length} runs`}, ${samples} samples, ${kib} KiB)\n`,
        );
      },
    );
}
