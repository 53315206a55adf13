import type { Command } from 'commander';
import { PasskError } from '../../core/errors.js';
import { defaultDataDir, loadDataset } from '../../datasets/index.js';
import { tasks } from '../../tasks/index.js';

export function registerTasks(program: Command): void {
  program
    .command('tasks')
    .description('list the registered benchmarks with their problem counts and languages')
    .option('--data-dir <dir>', 'local folder with benchmark files (env PASSK_DATA_DIR)')
    .action(async (raw: { dataDir?: string }) => {
      const dataDir = raw.dataDir ?? defaultDataDir();
      const rows: string[][] = [['task', 'language', 'problems', 'description']];
      for (const name of tasks.names()) {
        const task = await tasks.get(name);
        let count = 'not downloaded';
        try {
          const loaded = await loadDataset(task.dataset, {
            offline: true,
            ...(dataDir === undefined ? {} : { dataDir }),
          });
          count = String(task.problems(loaded.rows, loaded.file).length);
        } catch (error) {
          // Listing must work before any dataset is present: a miss is shown, not raised.
          if (!(error instanceof PasskError)) throw error;
        }
        rows.push([name, task.language, count, task.description]);
      }
      process.stdout.write(formatTable(rows));
    });
}

function formatTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => r[col]!.length)));
  return `${rows
    .map((r) =>
      r
        .map((cell, col) => cell.padEnd(widths[col]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')}\n`;
}
