import type { Command } from 'commander';
import { defaultDataDir, listTasks } from '../../index.js';

/**
 * `passk tasks [FILE...]`: the registered benchmarks with their problem counts, plus any task
 * modules or benchmark files named, which are loaded and checked (a bad row or module is an
 * error, so this is how to validate a benchmark of your own before running a model on it).
 */
export function registerTasks(program: Command): void {
  program
    .command('tasks')
    .description('list the registered benchmarks; check task modules / benchmark files given')
    .argument('[files...]', 'task modules (.ts, .js) or benchmark files (.jsonl) to check')
    .option('--data-dir <dir>', 'local folder with benchmark files (env PASSK_DATA_DIR)')
    .option('--dataset-path <file>', 'the data file of the task modules given')
    .action(async (files: string[], raw: { dataDir?: string; datasetPath?: string }) => {
      const dataDir = raw.dataDir ?? defaultDataDir();
      const listed = await listTasks({
        files,
        ...(dataDir === undefined ? {} : { dataDir }),
        ...(raw.datasetPath === undefined ? {} : { datasetPath: raw.datasetPath }),
      });
      const rows: string[][] = [['task', 'language', 'problems', 'description']];
      for (const task of listed) {
        const count = task.problems === null ? 'not downloaded' : String(task.problems);
        rows.push([task.name, task.language, count, task.description]);
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
