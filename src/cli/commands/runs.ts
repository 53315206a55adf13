import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { ConfigError } from '../../core/errors.js';
import type { RunSummary } from '../../store/records.js';

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
      // Loaded here, not at start-up: the native SQLite addon is only needed by these commands.
      const { defaultDbPath, listRuns, openRunDb } = await import('../../store/db/index.js');
      const path = raw.db ?? defaultDbPath();
      if (!existsSync(path)) {
        process.stderr.write(`passk: no runs recorded yet in ${path}\n`);
        return;
      }
      const db = openRunDb(path, { readonly: true });
      try {
        const runs = listRuns(db, { limit, ...(raw.task === undefined ? {} : { task: raw.task }) });
        process.stdout.write(
          raw.json ? runs.map((r) => `${JSON.stringify(r)}\n`).join('') : formatRuns(runs),
        );
      } finally {
        db.close();
      }
    });
}

/** The `passk runs` table (fixed columns, pass@1 as a percentage). */
export function formatRuns(runs: readonly RunSummary[]): string {
  const rows = [
    ['id', 'time (UTC)', 'task', 'model', 'problems', 'samples', 'pass@1'],
    ...runs.map((r) => [
      r.id,
      r.createdAt.slice(0, 16).replace('T', ' '),
      r.task,
      r.model ?? '-',
      String(r.problems),
      String(r.samples),
      r.passAt1 === null ? '-' : `${(r.passAt1 * 100).toFixed(1)}%`,
    ]),
  ];
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  const numeric = new Set([4, 5, 6]);
  return `${rows
    .map((row) =>
      row
        .map((cell, col) =>
          numeric.has(col) ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n')}\n`;
}
