import type { Command } from 'commander';
import { merge } from '../../index.js';

export function registerMerge(program: Command): void {
  program
    .command('merge')
    .description('combine the run directories of `--shard i/N` runs into one run')
    .argument('<run-dirs...>', 'the shard run directories, all N of them, in any order')
    .requiredOption('-o, --output <dir>', 'directory for the merged run (must not hold a run yet)')
    .action(async (dirs: string[], raw: { output: string }) => {
      const merged = await merge({ runs: dirs, output: raw.output });
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
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
