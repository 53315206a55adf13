/**
 * Execution benchmark, end to end: HumanEval canonical solutions × 10 (1,640 distinct programs),
 * then the same plus 5% infinite loops, each scored (a) by the passk CLI (`passk evaluate`, the
 * process timed from outside: start-up, preflight and file writing included; bwrap), (b) by
 * openai/human-eval's own method re-implemented in bench/humaneval_method.py (a process forked
 * per program from a running interpreter, reliability guard, 3 s limit, 4 threads), and (c) the
 * compute floor (one process, no isolation; distinct set only) and (d) the fork floor (a warm
 * interpreter forking once per program, one child per core, no isolation). Wall times on a shared machine
 * depend on its load (printed before and after). Then the compiled-language set (exec-compiled.ts):
 * HumanEval-X cpp, java, go and rust references, passk vs a fresh compile-and-run per program.
 * Needs a fresh `npm run build` (the CLI runs dist/).
 * Run: npx tsx bench/exec.ts [--copies N] [--skip-baseline] [--python-only | --compiled-only]
 *      [--languages cpp,java,go,rust] [--judge in-process|outside] [--no-loops] [--workers N]
 */

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuPressure } from '../src/execution/rerun.js';
import {
  COMPILED,
  COMPILED_BASELINE,
  type CompiledLanguage,
  compiledSet,
} from './exec-compiled.js';
import {
  computeFloor,
  type HumanEvalRow,
  humanEvalEvaluateArgs,
  humanEvalProgram,
  loadHumanEval,
  timed,
} from './exec-helpers.js';
import { forkFloorTimed } from './fork-floor.js';
import { humanEvalMethodTimed } from './humaneval-run.js';

const args = process.argv.slice(2);
const copies = Number(args[args.indexOf('--copies') + 1] ?? 10) || 10;
const skipBaseline = args.includes('--skip-baseline');
const pythonSets = !args.includes('--compiled-only');
const compiledSets = !args.includes('--python-only');
const languages = (
  args.includes('--languages') ? args[args.indexOf('--languages') + 1]!.split(',') : COMPILED
) as CompiledLanguage[];
/** `--judge in-process|outside`: passed to `passk evaluate` (default: passk's own default). */
const judge = args.includes('--judge') ? ['--judge', args[args.indexOf('--judge') + 1]!] : [];
/** `--workers N`: passed to `passk evaluate` (default: passk's own, two per core for Python). */
const workers = args.includes('--workers')
  ? ['--workers', args[args.indexOf('--workers') + 1]!]
  : [];
/** `--no-loops`: the distinct set only. */
const withLoops = !args.includes('--no-loops');
const TIMEOUT_S = 3;
const PYTHON = '/usr/bin/python3';
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..');

interface Sample {
  task_id: string;
  completion: string;
}

interface Timed {
  ms: number;
  cpuMs: number;
  passed: number;
  total: number;
  note: string;
}

/** Each canonical solution `copies` times, distinct by a trailing comment. */
function distinctSamples(rows: readonly HumanEvalRow[]): Sample[] {
  return Array.from({ length: copies }, (_, copy) =>
    rows.map((row) => ({
      task_id: row.task_id,
      completion: `${row.canonical_solution}\n    # copy ${copy}\n`,
    })),
  ).flat();
}

/** 5% more samples that loop forever (distinct too), spread over the problems. */
function loopSamples(rows: readonly HumanEvalRow[], count: number): Sample[] {
  return Array.from({ length: count }, (_, index) => ({
    task_id: rows[index % rows.length]!.task_id,
    completion: `    while True:\n        pass\n    # loop ${index}\n`,
  }));
}

async function runPasskCli(samplesFile: string, dir: string, total: number): Promise<Timed> {
  const out = join(dir, 'passk-out');
  const run = await timed(process.execPath, [
    ...humanEvalEvaluateArgs(samplesFile, out, TIMEOUT_S),
    '--no-cache',
    ...judge,
    ...workers,
  ]);
  const metrics = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8')) as {
    statuses?: Record<string, number>;
  };
  const runInfo = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as {
    execution?: Record<string, unknown>;
  };
  const e = runInfo.execution ?? {};
  return {
    ...run,
    passed: metrics.statuses?.['passed'] ?? 0,
    total,
    note: `statuses ${JSON.stringify(metrics.statuses)}; timeouts re-run ${e['timeoutsRerun']} (low-cpu ${e['timeoutsRerunLowCpu']}, overloaded ${e['timeoutsRerunOverloaded']}, no-cpu-measure ${e['timeoutsRerunNoCpuMeasure']}), full-CPU ${e['timeoutsFullCpu']}, flipped ${e['timeoutsFlipped']}`,
  };
}

async function runHumanEvalMethod(samplesFile: string, dir: string, total: number): Promise<Timed> {
  const run = await humanEvalMethodTimed(
    samplesFile,
    join(dir, 'humaneval-results.jsonl'),
    TIMEOUT_S,
  );
  return { ...run, total, note: `timed out ${run.timedOut}` };
}

const describe = (t: Omit<Timed, 'note'>) =>
  `${(t.ms / 1000).toFixed(2)} s, ${((t.total / t.ms) * 1000).toFixed(0)} programs/s, ${t.passed}/${t.total} passed, CPU ${(t.cpuMs / t.total).toFixed(2)} ms/program`;

const machine = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, CPU pressure (PSI some avg10) ${(cpuPressure() * 100).toFixed(0)}%`;

async function main(): Promise<void> {
  const built = statSync(join(repoRoot, 'dist/cli/bin.js')).mtimeMs;
  if (statSync(join(repoRoot, 'src/execution/executor.ts')).mtimeMs > built) {
    console.log('warning: dist/ is older than src/: run `npm run build` first');
  }
  console.log(
    `machine: ${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, node ${process.version}; at start: ${machine()}`,
  );
  if (pythonSets) await python();
  if (compiledSets) await compiled();
}

async function compiled(): Promise<void> {
  let passkMs = 0;
  let baselineMs = 0;
  for (const language of languages) {
    console.log(`\n== HumanEval-X ${language}: 164 references (${language}) ==`);
    const rate = (ms: number, cpuMs: number, total: number) =>
      `${(ms / 1000).toFixed(2)} s (CPU ${(cpuMs / 1000).toFixed(2)} s), ${(ms / total).toFixed(0)} ms/program`;
    const r = await compiledSet(language, skipBaseline, (step) => {
      if (step.baselineMs === undefined) {
        console.log(
          `(a) passk CLI end to end [bwrap, cold artifact cache]: ${rate(step.passkMs, step.passkCpuMs, step.total)}, ${step.passkPassed}/${step.total} passed; ${step.note}`,
        );
      } else {
        console.log(
          `(b) ${COMPILED_BASELINE}: ${rate(step.baselineMs, step.baselineCpuMs ?? 0, step.total)}, ${step.baselinePassed}/${step.total} passed; ${step.note}`,
        );
      }
      console.log(`    ${machine()}`);
    });
    passkMs += r.passkMs;
    if (r.baselineMs === undefined) continue;
    baselineMs += r.baselineMs;
    const cpu = (r.baselineCpuMs ?? 0) / r.passkCpuMs;
    console.log(
      `ratio b/a (${language}): passk ${(r.baselineMs / r.passkMs).toFixed(2)}× faster (CPU ${cpu.toFixed(2)}×)`,
    );
  }
  if (baselineMs > 0) {
    console.log(
      `\ncompiled set (${languages.join(', ')}): passk ${(passkMs / 1000).toFixed(1)} s, baseline ${(baselineMs / 1000).toFixed(1)} s, ratio b/a ${(baselineMs / passkMs).toFixed(2)}×`,
    );
  }
}

async function python(): Promise<void> {
  const rows = loadHumanEval();
  const distinct = distinctSamples(rows);
  const sets = [
    { name: `${distinct.length} distinct programs`, samples: distinct },
    {
      name: `${distinct.length} distinct + 5% infinite loops`,
      samples: [...distinct, ...loopSamples(rows, Math.round(distinct.length * 0.05))],
    },
  ].slice(0, withLoops ? 2 : 1);
  const byTask = new Map(rows.map((row) => [row.task_id, row]));
  const programs = distinct.map((sample) =>
    humanEvalProgram(byTask.get(sample.task_id)!, sample.completion),
  );
  const floorRun = await computeFloor(PYTHON, programs);
  const floor = { ...floorRun, total: distinct.length };
  console.log(
    `(c) compute floor [one python process, no isolation, distinct set]: ${describe(floor)}`,
  );
  // The least any process-per-program judge pays: a warm interpreter forking once per program.
  const cores = availableParallelism();
  const forkRun = await forkFloorTimed(programs, cores, TIMEOUT_S);
  const forkFloor = { ...forkRun, total: distinct.length };
  console.log(
    `(d) fork floor [bench/fork_floor.py: a warm python forking once per program, ${cores} at a time, no isolation, distinct set]: ${describe(forkFloor)}`,
  );
  for (const set of sets) {
    const dir = mkdtempSync(join(tmpdir(), 'passk-bench-exec-'));
    try {
      const samplesFile = join(dir, 'samples.jsonl');
      writeFileSync(samplesFile, set.samples.map((sample) => JSON.stringify(sample)).join('\n'));
      console.log(`\n== ${set.name} (${TIMEOUT_S} s limit) ==`);
      const passk = await runPasskCli(samplesFile, dir, set.samples.length);
      console.log(`(a) passk CLI end to end [bwrap]: ${describe(passk)}; ${passk.note}`);
      console.log(`    ${machine()}`);
      if (set.samples === distinct) {
        console.log(
          `ratio a/c: ${(passk.ms / floor.ms).toFixed(2)}× the compute floor's wall (CPU ${(passk.cpuMs / floor.cpuMs).toFixed(2)}×)`,
        );
        console.log(
          `ratio a/d: ${(passk.ms / forkFloor.ms).toFixed(2)}× the fork floor's wall (CPU ${(passk.cpuMs / forkFloor.cpuMs).toFixed(2)}×)`,
        );
      }
      if (skipBaseline) continue;
      const baseline = await runHumanEvalMethod(samplesFile, dir, set.samples.length);
      console.log(
        `(b) human-eval's method [fork per program, 4 threads]: ${describe(baseline)}; ${baseline.note}`,
      );
      console.log(`    ${machine()}`);
      console.log(
        `ratio b/a: passk ${(baseline.ms / passk.ms).toFixed(1)}× faster than human-eval's method (CPU ${(baseline.cpuMs / passk.cpuMs).toFixed(1)}×)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

await main();
