/**
 * Outside vs in-process judging (issue 25), end to end: real-model-shaped HumanEval samples
 * (bench/samples/humaneval-shaped.ts, 100 per problem × 164 = 16,400 by default) scored by
 * `passk evaluate --judge in-process` and `--judge outside` in the same run, same workers, a fresh
 * verdict cache each, the CLI process timed from outside (wall, and CPU of its process tree).
 * Prints each run's wall, CPU and programs/s, the ratio outside/in-process, the samples whose
 * verdicts differ, and the floor: the programs' own compute in one warm interpreter, plus one
 * fork + exit per program, plus the infinite loops' CPU limit, spread over the workers.
 * The order alternates across repeats. Needs a fresh `npm run build` (the CLI runs dist/).
 * Run: npx tsx bench/judge.ts [--problems N] [--samples-per-problem N] [--repeats N]
 *      [--workers N] [--seed S]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuPressure } from '../src/execution/rerun.js';
import { humanEvalProgram, loadHumanEval, programsFloor } from './exec-helpers.js';
import {
  cliHasJudgeFlag,
  disagreements,
  evaluateTimed,
  type JudgeRun,
  type Placement,
} from './judge-run.js';
import { humanEvalShaped, type ShapedSample, toJsonl } from './samples/humaneval-shaped.js';

const args = process.argv.slice(2);
const numberFlag = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  const value = at < 0 ? fallback : Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number ≥ 1`);
  return value;
};
const problems = Math.min(numberFlag('--problems', 164), 164);
const perProblem = numberFlag('--samples-per-problem', 100);
const repeats = numberFlag('--repeats', 1);
const workers = numberFlag('--workers', availableParallelism());
const seed = numberFlag('--seed', 1);
const TIMEOUT_S = 3;
const FORKS_MEASURED = 500;

const machine = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, CPU pressure (PSI some avg10) ${(cpuPressure() * 100).toFixed(0)}%`;

interface Floor {
  computeMs: number;
  forkMs: number;
  loopsMs: number;
  passed: number;
  timedOut: number;
}

/** bench/judge_floor.py over the samples that end (the loops' floor is their CPU limit). */
async function measureFloor(samples: readonly ShapedSample[]): Promise<Floor> {
  const rows = new Map(loadHumanEval().map((row) => [row.task_id, row]));
  const ending = samples.filter((sample) => sample.kind !== 'infinite-loop');
  const programs = ending.map((s) => humanEvalProgram(rows.get(s.task_id)!, s.completion));
  const floor = await programsFloor(programs, FORKS_MEASURED, TIMEOUT_S);
  return { ...floor, loopsMs: (samples.length - ending.length) * TIMEOUT_S * 1000 };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function describeRun(run: JudgeRun, total: number): string {
  const passed = run.statuses['passed'] ?? 0;
  return `wall ${seconds(run.ms)}, CPU ${seconds(run.cpuMs)} (${(run.cpuMs / total).toFixed(2)} ms/program), ${((total / run.ms) * 1000).toFixed(0)} programs/s, ${passed}/${total} passed; statuses ${JSON.stringify(run.statuses)}`;
}

function floorCpuMs(floor: Floor, total: number): number {
  return floor.computeMs + floor.forkMs * total + floor.loopsMs;
}

function printFloor(floor: Floor, total: number, loops: number): void {
  const cpu = floorCpuMs(floor, total);
  console.log(
    `floor: compute ${seconds(floor.computeMs)} (of the ${total - loops} programs not written as loops ${floor.passed} pass and ${floor.timedOut} reach the limit in one warm process) + fork+exit ${floor.forkMs.toFixed(2)} ms × ${total} = ${seconds(floor.forkMs * total)} + ${loops} loops × ${TIMEOUT_S} s = ${seconds(floor.loopsMs)}; CPU ${seconds(cpu)}, wall ${seconds(cpu / workers)} on ${workers} workers (without the loops ${seconds((cpu - floor.loopsMs) / workers)})`,
  );
}

/** One in-process and one outside run, in the given order. */
async function pair(
  samplesFile: string,
  order: Placement[],
  total: number,
): Promise<Map<Placement, JudgeRun>> {
  const runs = new Map<Placement, JudgeRun>();
  for (const asked of order) {
    const dir = mkdtempSync(join(tmpdir(), `passk-bench-judge-${asked}-`));
    try {
      console.log(`  before --judge ${asked}: ${machine()}`);
      const run = await evaluateTimed(samplesFile, dir, {
        asked,
        workers,
        timeoutS: TIMEOUT_S,
        problems,
      });
      console.log(`  --judge ${asked} [judged: ${run.recorded}]: ${describeRun(run, total)}`);
      console.log(`  after: ${machine()}`);
      runs.set(asked, run);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return runs;
}

function compare(runs: Map<Placement, JudgeRun>, floor: Floor, total: number): void {
  const inside = runs.get('in-process')!;
  const outside = runs.get('outside')!;
  const differ = disagreements(inside, outside);
  console.log(
    `  ratio outside/in-process: wall ${(outside.ms / inside.ms).toFixed(3)}×, CPU ${(outside.cpuMs / inside.cpuMs).toFixed(3)}× (goal: wall ≤ 1.15×)`,
  );
  console.log(
    `  verdicts that differ: ${differ.length} of ${total}${differ.length ? `: ${differ.slice(0, 8).join(', ')}` : ''}`,
  );
  const floorWall = floorCpuMs(floor, total) / workers;
  console.log(
    `  ratio to the floor's wall: in-process ${(inside.ms / floorWall).toFixed(2)}×, outside ${(outside.ms / floorWall).toFixed(2)}×`,
  );
}

async function main(): Promise<void> {
  const rows = loadHumanEval().slice(0, problems);
  const samples = humanEvalShaped(rows, { samplesPerProblem: perProblem, seed });
  const total = samples.length;
  const loops = samples.filter((sample) => sample.kind === 'infinite-loop').length;
  const correct = samples.filter((sample) => sample.kind === 'correct').length;
  const distinct = new Set(samples.map((sample) => `${sample.task_id}\n${sample.completion}`)).size;
  console.log(
    `machine: ${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, node ${process.version}; at start: ${machine()}`,
  );
  console.log(
    `samples: ${rows.length} problems × ${perProblem} = ${total} (${distinct} distinct, ${correct} written correct, ${loops} infinite loops, seed ${seed}), ${workers} workers, ${TIMEOUT_S} s limit`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'passk-bench-judge-'));
  try {
    const samplesFile = join(dir, 'samples.jsonl');
    writeFileSync(samplesFile, toJsonl(samples));
    const floor = await measureFloor(samples);
    printFloor(floor, total, loops);
    if (!cliHasJudgeFlag()) {
      console.log(
        'outside judging is not available in this build (`passk evaluate` has no --judge): running the in-process side only, with no flag',
      );
    }
    for (let repeat = 0; repeat < repeats; repeat++) {
      const withFlag = cliHasJudgeFlag();
      const order: Placement[] =
        repeat % 2 === 0 ? ['in-process', 'outside'] : ['outside', 'in-process'];
      console.log(
        `\n== repeat ${repeat + 1} of ${repeats}: ${withFlag ? order.join(' then ') : 'in-process only'} ==`,
      );
      if (withFlag) compare(await pair(samplesFile, order, total), floor, total);
      else await single(samplesFile, floor, total);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The build has no --judge: today's in-process judging, no flag passed. */
async function single(samplesFile: string, floor: Floor, total: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'passk-bench-judge-default-'));
  try {
    console.log(`  before: ${machine()}`);
    const run = await evaluateTimed(samplesFile, dir, {
      asked: undefined,
      workers,
      timeoutS: TIMEOUT_S,
      problems,
    });
    console.log(`  no --judge [judged: ${run.recorded}]: ${describeRun(run, total)}`);
    console.log(`  after: ${machine()}`);
    console.log(
      `  ratio to the floor's wall: ${(run.ms / (floorCpuMs(floor, total) / workers)).toFixed(2)}×`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
