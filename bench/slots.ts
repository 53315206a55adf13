/**
 * Slots per core (issue 30): the same loop-free HumanEval-shaped samples file (10 per problem ×
 * 164 = 1,640 by default; the generator's infinite-loop share moved to printing) scored by
 * `passk evaluate` with each `--workers` count in turn, each `--judge` placement, a fresh verdict
 * cache each, the CLI timed from outside (wall, and CPU of its process tree). The order rotates
 * across repeats. Prints each run's wall, CPU, load before and after, and its wall relative to
 * one slot per core; the verdicts must be the same in every run (it exits 1 if not).
 * Needs a fresh `npm run build`. Run: npx tsx bench/slots.ts [--slots 2,4] [--repeats N]
 *      [--samples-per-problem N] [--judge outside,in-process]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadHumanEval } from './exec-helpers.js';
import { disagreements, evaluateTimed, type JudgeRun, type Placement } from './judge-run.js';
import { DEFAULT_SHARES, humanEvalShaped, toJsonl } from './samples/humaneval-shaped.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at < 0 ? fallback : (args[at + 1] ?? fallback);
};
const cores = availableParallelism();
const slots = flag('--slots', `${cores},${2 * cores}`)
  .split(',')
  .map(Number);
const placements = flag('--judge', 'outside,in-process').split(',') as Placement[];
const repeats = Number(flag('--repeats', '1'));
const perProblem = Number(flag('--samples-per-problem', '10'));
if ([...slots, repeats, perProblem].some((n) => !Number.isInteger(n) || n < 1))
  throw new Error('--slots, --repeats and --samples-per-problem take whole numbers ≥ 1');

const shares = {
  ...DEFAULT_SHARES,
  printing: DEFAULT_SHARES.printing + DEFAULT_SHARES['infinite-loop'],
  'infinite-loop': 0,
};
const rows = loadHumanEval();
const samples = humanEvalShaped(rows, { samplesPerProblem: perProblem, seed: 7, shares });
const dir = mkdtempSync(join(tmpdir(), 'passk-slots-'));
const file = join(dir, 'samples.jsonl');
writeFileSync(file, toJsonl(samples));
console.log(`samples: ${samples.length} (loop-free), ${cores} cores, slots ${slots.join(', ')}`);

const load = () => loadavg()[0]!.toFixed(1);
let first: JudgeRun | undefined;
let differ = 0;
try {
  for (const placement of placements) {
    const walls = new Map<number, number[]>();
    for (let round = 0; round < repeats; round++) {
      const order = slots.map((_, i) => slots[(i + round) % slots.length]!);
      for (const workers of order) {
        const before = load();
        const runDir = mkdtempSync(join(dir, `w${workers}-`));
        const run = await evaluateTimed(file, runDir, {
          asked: placement,
          workers,
          timeoutS: 3,
          problems: rows.length,
        });
        rmSync(runDir, { recursive: true, force: true });
        if (first === undefined) first = run;
        else differ += disagreements(first, run).length;
        walls.set(workers, [...(walls.get(workers) ?? []), run.ms]);
        const cpuPerProgram = (run.cpuMs / samples.length).toFixed(1);
        console.log(
          `${placement} --workers ${workers}: wall ${(run.ms / 1000).toFixed(2)} s, CPU ${(run.cpuMs / 1000).toFixed(2)} s (${cpuPerProgram} ms/program), load ${before} → ${load()}`,
        );
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const base = mean(walls.get(cores) ?? walls.get(slots[0]!)!);
    for (const [workers, ms] of walls)
      console.log(
        `  ${placement}: ${workers} slots, mean wall ${(mean(ms) / 1000).toFixed(2)} s, ${(base / mean(ms)).toFixed(2)}× the speed of ${walls.has(cores) ? cores : slots[0]}`,
      );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`verdicts that differ from the first run: ${differ}`);
if (differ > 0) process.exitCode = 1;
