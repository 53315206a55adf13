/**
 * Execution benchmark: HumanEval canonical solutions × 10 (1,640 distinct programs) through
 * (a) passk's engine (bwrap warm workers), (b) a fresh python3 per program (the 'subprocess'
 * backend, like human-eval / bigcode), (c) the compute floor (one process, no isolation); then a
 * run with realistic duplication. Run: npx tsx bench/exec.ts  [--copies N] [--skip-baseline]
 */
import { availableParallelism, cpus } from 'node:os';
import { createExecutor } from '../src/execution/index.js';
import type { ExecJob, Executor } from '../src/execution/types.js';
import {
  computeFloor,
  distinctCopies,
  humanEvalProgram,
  loadHumanEval,
  peakRssOf,
} from './exec-helpers.js';

const args = process.argv.slice(2);
const copies = Number(args[args.indexOf('--copies') + 1] ?? 10) || 10;
const skipBaseline = args.includes('--skip-baseline');
const limits = { timeoutMs: 10_000, memoryBytes: 2 ** 30, outputBytes: 2 ** 20 };
const PYTHON = '/usr/bin/python3';

interface Timed {
  ms: number;
  passed: number;
  total: number;
}

async function timeEngine(
  sandbox: string,
  jobs: ExecJob[],
  onPeak?: () => void,
): Promise<Timed & { executor: Executor }> {
  const executor = await createExecutor({ allowCodeExecution: true, sandbox, cacheDir: false });
  // Warm-up outside the timing: workers start once per run, not per program.
  await executor.run(
    jobs.slice(0, executor.info.workers).map((job) => ({
      ...job,
      id: `warm-${job.id}`,
      program: { ...job.program, source: `# warm\n${job.program.source}` },
    })),
  );
  const started = performance.now();
  const verdicts = await executor.run(jobs);
  const ms = performance.now() - started;
  onPeak?.();
  const passed = [...verdicts.values()].filter((v) => v.status === 'passed').length;
  return { ms, passed, total: jobs.length, executor };
}

const rate = (t: Timed) =>
  `${(t.ms / 1000).toFixed(2)} s, ${((t.total / t.ms) * 1000).toFixed(0)} programs/s, ${t.passed}/${t.total} passed`;

async function main(): Promise<void> {
  const rows = loadHumanEval();
  const jobs = distinctCopies(rows, copies, limits);
  console.log(
    `machine: ${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, node ${process.version}`,
  );
  console.log(`programs: ${jobs.length} (HumanEval canonical × ${copies}, distinct)`);

  let workerPeak = { pids: 0, kib: 0 };
  const engine = await timeEngine(
    'bwrap',
    jobs,
    () => (workerPeak = peakRssOf('-I -S /opt/passk/worker.py')),
  );
  console.log(
    `(a) passk engine [${engine.executor.info.sandbox}, ${engine.executor.info.isolation}, ${engine.executor.info.workers} workers]: ${rate(engine)}`,
  );
  await engine.executor.close();

  const floorRun = await computeFloor(
    PYTHON,
    jobs.map((job) => job.program.source),
  );
  const floor = { ms: floorRun.ms, passed: floorRun.passed, total: jobs.length };
  console.log(`(c) compute floor [one python process, no isolation]: ${rate(floor)}`);

  if (!skipBaseline) {
    const baseline = await timeEngine('subprocess', jobs);
    console.log(`(b) fresh python3 per program [subprocess]: ${rate(baseline)}`);
    await baseline.executor.close();
    console.log(
      `ratio a/b: ${(baseline.ms / engine.ms).toFixed(1)}× faster than fresh python per program`,
    );
  }
  console.log(`ratio a/c: ${(engine.ms / floor.ms).toFixed(2)}× the compute floor`);

  // Realistic duplication (t = 0.2 style): 20 samples per problem, most of them identical.
  const variants = (row: (typeof rows)[number]) => [
    row.canonical_solution,
    `${row.canonical_solution}\n`,
    '    return None\n',
  ];
  const pattern = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 0];
  const duplicated: ExecJob[] = rows.flatMap((row) =>
    pattern.map((variant, sample) => ({
      id: `${row.task_id}@${sample}`,
      program: { language: 'python', source: humanEvalProgram(row, variants(row)[variant]) },
      limits,
    })),
  );
  const dup = await timeEngine('bwrap', duplicated);
  const stats = dup.executor.stats();
  await dup.executor.close();
  const perUnique = engine.ms / engine.total;
  console.log(
    `dedup run: ${duplicated.length} samples, ${stats.executed - dup.executor.info.workers} executed, ${stats.deduplicated} deduplicated: ${rate(dup)}; without dedup ≈ ${((perUnique * duplicated.length) / 1000).toFixed(2)} s (${((perUnique * duplicated.length) / dup.ms).toFixed(1)}× gain)`,
  );
  const nodePeakMiB = process.resourceUsage().maxRSS / 1024;
  console.log(
    `peak RSS: node ${nodePeakMiB.toFixed(0)} MiB; workers ${workerPeak.pids} × ≈${(workerPeak.kib / Math.max(1, workerPeak.pids) / 1024).toFixed(0)} MiB (sum ${(workerPeak.kib / 1024).toFixed(0)} MiB)`,
  );
}

await main();
