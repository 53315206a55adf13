/**
 * CPU per trivial program (issue 30: ≤ 2.5× the measured fork + exit of a warm interpreter), for
 * bench/judge.ts --trivial: `passk evaluate` of N distinct samples of one HumanEval-shaped problem
 * (bench/samples/trivial-problem.jsonl: `return 1`, checked by one assert), the CPU of the CLI's
 * process tree timed from outside. Its fixed cost (node start-up, dataset load, preflight, the
 * workers' start) is separated by also timing a 1-sample run of the same problem, three times
 * (the median): CPU per program = (CPU of N − CPU of 1) / (N − 1).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { humanEvalProgram, timed } from './exec-helpers.js';
import { forkFloorTimed } from './fork-floor.js';
import type { Placement } from './judge-run.js';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(resolve(here, '..'), 'dist/cli/bin.js');
const problemFile = join(here, 'samples', 'trivial-problem.jsonl');
const FIXED_COST_RUNS = 3;

export interface TrivialOptions {
  samples: number;
  asked: Placement | undefined;
  workers: number | undefined;
  timeoutS: number;
}

const completion = (index: number) => `    return 1  # ${index}\n`;

/** `count` distinct samples (by a comment: passk judges each, none from its cache). */
function samplesText(count: number): string {
  const taskId = (JSON.parse(readFileSync(problemFile, 'utf8')) as { task_id: string }).task_id;
  return Array.from({ length: count }, (_, index) =>
    JSON.stringify({ task_id: taskId, completion: completion(index) }),
  ).join('\n');
}

/**
 * CPU per trivial program of the fork floor (bench/fork_floor.py, one child at a time): the same
 * programs, each in a child forked from a warm interpreter, no isolation; its start-up (a
 * fresh interpreter) separated as passk's fixed cost is.
 */
export async function trivialForkFloorMs(count: number, timeoutS: number): Promise<number> {
  const row = JSON.parse(readFileSync(problemFile, 'utf8')) as Parameters<
    typeof humanEvalProgram
  >[0];
  const programs = Array.from({ length: count }, (_, index) =>
    humanEvalProgram(row, completion(index)),
  );
  const cpu = await perProgram(count, async (n) => {
    const run = await forkFloorTimed(programs.slice(0, n), 1, timeoutS);
    if (run.passed !== n) throw new Error(`trivial fork floor: ${run.passed} of ${n} passed`);
    return run.cpuMs;
  });
  return cpu.perProgramMs;
}

async function cliCpuMs(dir: string, count: number, options: TrivialOptions): Promise<number> {
  const samplesFile = join(dir, `samples-${count}.jsonl`);
  writeFileSync(samplesFile, samplesText(count));
  const out = mkdtempSync(join(dir, 'out-'));
  const run = await timed(process.execPath, [
    ...[cli, 'evaluate', '--task', 'humaneval', '--allow-code-execution'],
    ...['--dataset-path', problemFile, '--generations', samplesFile],
    ...['--output-dir', out, '--overwrite', '--timeout', String(options.timeoutS)],
    ...['--no-db', '--no-cache'],
    ...(options.workers === undefined ? [] : ['--workers', String(options.workers)]),
    ...(options.asked ? ['--judge', options.asked] : []),
  ]);
  const metrics = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8')) as {
    statuses?: Record<string, number>;
  };
  const passed = metrics.statuses?.['passed'] ?? 0;
  if (passed !== count) throw new Error(`trivial run: ${passed} of ${count} passed, not all`);
  return run.cpuMs;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

interface PerProgram {
  perProgramMs: number;
  fixedMs: number;
  totalMs: number;
}

/** (CPU of `count` programs − CPU of 1, the median of three) / (count − 1), from `cpuMs(n)`. */
async function perProgram(
  count: number,
  cpuMs: (n: number) => Promise<number>,
): Promise<PerProgram> {
  const fixed: number[] = [];
  for (let run = 0; run < FIXED_COST_RUNS; run++) fixed.push(await cpuMs(1));
  const totalMs = await cpuMs(count);
  const fixedMs = median(fixed);
  return { perProgramMs: (totalMs - fixedMs) / (count - 1), fixedMs, totalMs };
}

/** CPU per trivial program in ms, and the fixed cost separated from it. */
export async function trivialCpu(options: TrivialOptions): Promise<PerProgram> {
  const dir = mkdtempSync(join(tmpdir(), 'passk-bench-trivial-'));
  try {
    return await perProgram(options.samples, (n) => cliCpuMs(dir, n, options));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
