import type { Command } from 'commander';
import { PasskError } from '../../core/errors.js';
import { defaultDataDir, loadDataset } from '../../datasets/index.js';
import { isCustomDataFile } from '../../tasks/custom-jsonl.js';
import { tasks } from '../../tasks/index.js';
import { resolveTask } from '../../tasks/resolve.js';

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
      const rows: string[][] = [['task', 'language', 'problems', 'description']];
      for (const name of tasks.names()) rows.push(await describe(name, { dataDir }, false));
      for (const file of files) {
        const datasetPath = isCustomDataFile(file) ? file : raw.datasetPath;
        rows.push(await describe(file, { dataDir, datasetPath }, true));
      }
      process.stdout.write(formatTable(rows));
    });
}

/** One table row. A builtin's missing dataset is shown; a user's own file must load. */
async function describe(
  spec: string,
  where: { dataDir: string | undefined; datasetPath?: string | undefined },
  strict: boolean,
) {
  const task = await resolveTask(spec);
  let count = 'not downloaded';
  try {
    const loaded = await loadDataset(task.dataset, {
      offline: true,
      ...(where.dataDir === undefined ? {} : { dataDir: where.dataDir }),
      ...(where.datasetPath === undefined ? {} : { datasetPath: where.datasetPath }),
    });
    count = String(task.problems(loaded.rows, loaded.file).length);
  } catch (error) {
    // Listing must work before any dataset is present: a miss is shown, not raised.
    if (strict || !(error instanceof PasskError)) throw error;
  }
  return [task.name, task.language, count, task.description];
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
