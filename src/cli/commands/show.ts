import type { Command } from 'commander';
import { type DatasetLoadOptions, defaultDataDir, runSummaryJson, showRun } from '../../index.js';
import { DB_FLAG_HELP } from './runs.js';

export function registerShow(program: Command): void {
  program
    .command('show')
    .description('print the summary of one run (RUN: run id, id prefix, "latest" or run dir)')
    .argument('<run>', 'run id, unique id prefix, "latest", or a run directory')
    .option('--db <file>', DB_FLAG_HELP)
    .option(
      '--data-dir <dir>',
      'benchmark files, for a run dir not in the store (env PASSK_DATA_DIR)',
    )
    .option('--json', 'print the summary as JSON on stdout')
    .action(async (ref: string, raw: { db?: string; dataDir?: string; json?: boolean }) => {
      const shown = await showRun({ run: ref, ...loadOptions(raw) });
      process.stdout.write(
        raw.json === true ? `${JSON.stringify(runSummaryJson(shown.run), null, 2)}\n` : shown.text,
      );
    });
}

/** --db / --data-dir as loadRun options (shared with `passk report`). */
export function loadOptions(raw: { db?: string; dataDir?: string }) {
  const dataDir = raw.dataDir ?? defaultDataDir();
  const dataset: DatasetLoadOptions = { offline: true, ...(dataDir ? { dataDir } : {}) };
  return { dataset, ...(raw.db === undefined ? {} : { db: raw.db }) };
}
