import type { Command } from 'commander';
import { ConfigError, formatRuns, listRuns, runListJson } from '../../index.js';

/** `--db`, shared by runs / show / report. */
export const DB_FLAG_HELP =
  'run store (default: $PASSK_DB, else passk.db beside the run dir, else passk-runs/passk.db)';

export function registerRuns(program: Command): void {
  program
    .command('runs')
    .description('list the runs recorded in the run store, newest first')
    .option('--db <file>', DB_FLAG_HELP)
    .option('--task <name>', 'only runs of this task')
    .option('--limit <n>', 'show at most this many runs', '50')
    .option('--json', 'print the runs as JSON lines')
    .action(async (raw: { db?: string; task?: string; limit: string; json?: boolean }) => {
      const limit = Number(raw.limit);
      if (!Number.isSafeInteger(limit) || limit < 1) {
        throw new ConfigError('--limit must be a whole number of at least 1');
      }
      const listed = await listRuns({
        limit,
        ...(raw.db === undefined ? {} : { db: raw.db }),
        ...(raw.task === undefined ? {} : { task: raw.task }),
      });
      if (!listed.exists) {
        process.stderr.write(`passk: no runs recorded yet in ${listed.db}\n`);
        return;
      }
      const runs = listed.runs;
      process.stdout.write(
        raw.json
          ? runs.map((r) => `${JSON.stringify(runListJson(r))}\n`).join('')
          : formatRuns(runs),
      );
    });
}
