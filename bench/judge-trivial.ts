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
import { timed } from './exec-helpers.js';
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

/** `count` distinct samples (by a comment: passk judges each, none from its cache). */
function samplesText(count: number): string {
  const taskId = (JSON.parse(readFileSync(problemFile, 'utf8')) as { task_id: string }).task_id;
  return Array.from({ length: count }, (_, index) =>
    JSON.stringify({ task_id: taskId, completion: `    return 1  # ${index}\n` }),
  ).join('\n');
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

/** CPU per trivial program in ms, and the fixed cost separated from it. */
export async function trivialCpu(
  options: TrivialOptions,
): Promise<{ perProgramMs: number; fixedMs: number; totalMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'passk-bench-trivial-'));
  try {
    const fixed: number[] = [];
    for (let run = 0; run < FIXED_COST_RUNS; run++) fixed.push(await cliCpuMs(dir, 1, options));
    const totalMs = await cliCpuMs(dir, options.samples, options);
    const fixedMs = median(fixed);
    return { perProgramMs: (totalMs - fixedMs) / (options.samples - 1), fixedMs, totalMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
