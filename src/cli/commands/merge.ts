import type { Command } from 'commander';
import { merge } from '../../index.js';

export function registerMerge(program: Command): void {
  program
    .command('merge')
    .description('combine the run directories of `--shard i/N` runs into one run')
    .argument('<run-dirs...>', 'the shard run directories, all N of them, in any order')
    .requiredOption('-o, --output <dir>', 'directory for the merged run (must not hold a run yet)')
    .option(
      '--db <file>',
      'run store to record the merged run in (default: $PASSK_DB, else passk.db beside -o)',
    )
    .option('--no-db', 'do not record the merged run in the run store')
    .action(async (dirs: string[], raw: { output: string; db?: string | false }) => {
      const merged = await merge({
        runs: dirs,
        output: raw.output,
        ...(raw.db === undefined ? {} : { db: raw.db }),
      });
      if (merged.warning !== undefined) process.stderr.write(`passk: warning: ${merged.warning}\n`);
      const scores = merged.metrics[merged.metrics.config['task'] as string] as Record<
        string,
        number
      >;
      const lines = [
        `merged ${merged.shards} shards: ${merged.problems} problems, ${merged.samples} samples`,
      ];
      for (const [name, value] of Object.entries(scores))
        lines.push(`  ${name} = ${value.toFixed(4)}`);
      for (const [role, file] of Object.entries(merged.files)) lines.push(`  ${role}: ${file}`);
      if (merged.runId !== undefined) lines.push(`  run id: ${merged.runId}`);
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
