import { appendFileSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { cgroupPrefix, cpuacctHome } from '../helpers/cpu-accounting.js';

/**
 * Records the CPU seconds each test file cost into $PASSK_TEST_CPU_LOG (the project-times
 * reporter sums them per project), and with $PASSK_TEST_CPU_PER_TEST set, each test's too.
 * CPU, unlike wall time, does not grow when other work shares the machine.
 *
 * Each file runs in a forked worker, alone (isolate) or after other files of its project (the
 * unit project sets isolate: false); this setup file is evaluated again for each file. Where the
 * cgroup v1 cpuacct hierarchy is writable (root on Linux, as in CI), the worker moves itself into
 * a cgroup of the file's own before the test file loads, so every process it starts (sandboxes,
 * compilers, the CLI) counts, even those killed before anyone reaped them. Elsewhere the figure
 * is the worker's /proc times plus its reaped children's since the file started: a lower bound,
 * marked so.
 */
const home = cpuacctHome();
const group = joinCgroup();
/** The worker's CPU when this file started (0 in a fresh cgroup), and the time. */
const start = { cpu: group === undefined ? (cpuSeconds() ?? 0) : 0, at: performance.now() };
// afterAll does not run when a filter (-t) leaves the file no test: leave the group on exit.
// One listener per worker, whichever file is the last one.
const worker = globalThis as { passkLeaveCgroup?: () => void };
if (worker.passkLeaveCgroup === undefined) process.once('exit', () => worker.passkLeaveCgroup?.());
worker.passkLeaveCgroup = leaveCgroup;

afterAll(() => {
  const log = process.env['PASSK_TEST_CPU_LOG'];
  const file = expect.getState().testPath;
  const cpu = cpuSeconds();
  leaveCgroup();
  if (!log || file === undefined || cpu === undefined) return;
  const wall = (performance.now() - start.at) / 1000;
  const line = { file, cpu: cpu - start.cpu, wall, exact: group !== undefined };
  appendFileSync(log, `${JSON.stringify(line)}\n`);
});

let before: { cpu: number; at: number } | undefined;

beforeEach(() => {
  const cpu = cpuSeconds();
  if (process.env['PASSK_TEST_CPU_PER_TEST'] && cpu !== undefined) {
    before = { cpu, at: performance.now() };
  }
});

afterEach(() => {
  const log = process.env['PASSK_TEST_CPU_PER_TEST'];
  const cpu = cpuSeconds();
  if (!log || before === undefined || cpu === undefined) return;
  const { testPath: file, currentTestName: test } = expect.getState();
  const line = { file, test, cpu: cpu - before.cpu, wall: (performance.now() - before.at) / 1000 };
  appendFileSync(log, `${JSON.stringify(line)}\n`);
});

/**
 * A cpuacct cgroup holding this worker for this file, named after the run's scratch folder, the
 * worker and the file's rank in it (a group its file's leftover process still holds is not
 * reused); undefined if none.
 */
function joinCgroup(): string | undefined {
  const scratch = process.env['PASSK_TEST_SCRATCH'];
  if (!scratch || !process.env['PASSK_TEST_CPU_LOG']) return undefined;
  const counter = globalThis as { passkTestFiles?: number };
  counter.passkTestFiles = (counter.passkTestFiles ?? 0) + 1;
  const dir = join(home, `${cgroupPrefix(scratch)}${process.pid}-${counter.passkTestFiles}`);
  try {
    mkdirSync(dir);
    writeFileSync(join(dir, 'cgroup.procs'), String(process.pid));
    return dir;
  } catch {
    return undefined; // not root, or no cgroup v1 cpuacct: fall back to /proc
  }
}

let left = false;

/** Back to the group the worker came from, so its own can be removed. */
function leaveCgroup(): void {
  if (group === undefined || left) return;
  left = true;
  try {
    writeFileSync(join(home, 'cgroup.procs'), String(process.pid));
    rmdirSync(group); // fails while a leftover child is in it: the reporter retries at the end of the run
  } catch {}
}

function cpuSeconds(): number | undefined {
  if (group !== undefined) return Number(readFileSync(join(group, 'cpuacct.usage'), 'utf8')) / 1e9;
  const ticks = procTicks();
  return ticks === undefined ? undefined : ticks / 100;
}

/** utime + stime + cutime + cstime of this process, in clock ticks (100 per second on Linux). */
function procTicks(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the parenthesised command name: state is field 3, utime is field 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  } catch {
    return undefined; // not Linux: no figure rather than a wrong one
  }
}
