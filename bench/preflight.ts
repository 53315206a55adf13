/**
 * Preflight cost: wall time of runPreflight (3 references + the canaries) on a warm python engine,
 * the way `passk evaluate` runs it. Timings on a shared machine depend on its load (printed).
 * Run: npx tsx bench/preflight.ts [--rounds N] [--sandbox bwrap]
 */
import { availableParallelism, loadavg } from 'node:os';
import { createExecutor, runPreflight } from '../src/execution/index.js';
import { cpuPressure } from '../src/execution/rerun.js';

const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1] ?? 5) || 5;
const sandbox = args.includes('--sandbox') ? args[args.indexOf('--sandbox') + 1] : undefined;
const limits = { timeoutMs: 3000, memoryBytes: 2 ** 30, outputBytes: 2 ** 20 };
const references = [1, 2, 3].map((n) => ({
  language: 'python',
  source: `def add${n}(x):\n    return x + ${n}\n\nassert add${n}(1) == ${1 + n}\n`,
}));

async function main(): Promise<void> {
  const executor = await createExecutor({
    allowCodeExecution: true,
    cacheDir: false,
    ...(sandbox ? { sandbox } : {}),
  });
  try {
    // Warm the workers once, as the first preflight of a run does not pay for their start here.
    await executor.run([{ id: 'warm', program: references[0]!, limits }]);
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      await runPreflight(executor, { language: 'python', references, limits });
      times.push(performance.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `preflight (${executor.info.sandbox}, ${executor.info.workers} workers): median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms over ${rounds} rounds; load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores, CPU pressure ${(cpuPressure() * 100).toFixed(0)}%`,
    );
  } finally {
    await executor.close();
  }
}

await main();
