import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { ExecJob, ExecLimits } from '../src/execution/types.js';
import { PYTHON_TESTS_MARKER } from '../src/tasks/kit/python-program.js';

/** The fields of a HumanEval row that a program is built from. */
export interface HumanEvalRow {
  task_id: string;
  prompt: string;
  canonical_solution: string;
  test: string;
  entry_point: string;
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** `${PASSK_DATA_DIR:-../shared/data}/humaneval/HumanEval.jsonl.gz`, relative to the repo root. */
export function humanEvalPath(env: NodeJS.ProcessEnv = process.env): string {
  const { PASSK_DATA_DIR: dataDir } = env;
  return join(resolve(repoRoot, dataDir || '../shared/data'), 'humaneval', 'HumanEval.jsonl.gz');
}

export function loadHumanEval(path = humanEvalPath()): HumanEvalRow[] {
  const text = gunzipSync(readFileSync(path)).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as HumanEvalRow);
}

/** prompt + completion + "\n" + test + "\ncheck(entry_point)", as the harnesses build it. */
export function humanEvalProgram(row: HumanEvalRow, completion = row.canonical_solution): string {
  // As the humaneval task builds it (the marker splits candidate and tests in the runner).
  return `${row.prompt}${completion}${PYTHON_TESTS_MARKER}${row.test}\ncheck(${row.entry_point})\n`;
}

/** `passk evaluate` of a HumanEval samples file as the benches run it (append run-specific flags). */
export function humanEvalEvaluateArgs(
  samplesFile: string,
  out: string,
  timeoutS: number,
): string[] {
  return [
    join(repoRoot, 'dist/cli/bin.js'),
    'evaluate',
    ...['--task', 'humaneval', '--allow-code-execution'],
    ...['--data-dir', dirname(dirname(humanEvalPath()))],
    ...['--generations', samplesFile, '--output-dir', out],
    ...['--timeout', String(timeoutS), '--no-db'],
  ];
}

/** Every row's canonical program `copies` times, each copy distinct by a comment line. */
export function distinctCopies(
  rows: readonly HumanEvalRow[],
  copies: number,
  limits: ExecLimits,
): ExecJob[] {
  return Array.from({ length: copies }, (_, copy) =>
    rows.map((row) => ({
      id: `${row.task_id}#${copy}`,
      program: { language: 'python', source: `# copy ${copy}\n${humanEvalProgram(row)}` },
      limits,
    })),
  ).flat();
}

/** Runs the floor in one interpreter: wall time (start-up included), CPU time and passes. */
export function computeFloor(
  python: string,
  sources: readonly string[],
): Promise<{ ms: number; cpuMs: number; passed: number }> {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const script = join(dirname(fileURLToPath(import.meta.url)), 'compute_floor.py');
    const child = spawn(python, ['-I', '-S', script], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', () => {
      const [passed = 'NaN', cpuMs = 'NaN'] = out.trim().split(' ');
      resolvePromise({
        ms: performance.now() - started,
        cpuMs: Number(cpuMs),
        passed: Number(passed),
      });
    });
    child.stdin.end(JSON.stringify(sources));
  });
}

/** CPU time (ms) of this process's children that have exited and been waited for. */
export function waitedChildrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

interface ProcInfo {
  pid: number;
  ppid: number;
  cmdline: string;
  /** utime + stime + cutime + cstime, in ms (children counted once they are waited for). */
  cpuMs: number;
  /** VmHWM in KiB. */
  peakKib: number;
}

function procInfo(pid: string): ProcInfo | undefined {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return {
      pid: Number(pid),
      ppid: Number(fields[1]),
      cmdline,
      cpuMs: ticks * 10,
      peakKib: Number(hwm?.[1] ?? 0),
    };
  } catch {
    return undefined; // exited meanwhile
  }
}

/** This process's descendants that are passk's Python workers (not bwrap, whose command line names worker.py too). */
function ownWorkerProcs(): ProcInfo[] {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => procInfo(entry) ?? []);
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const proc of all) {
      if (!mine.has(proc.pid) && mine.has(proc.ppid)) {
        mine.add(proc.pid);
        grew = true;
      }
    }
  }
  return all.filter(
    (proc) => mine.has(proc.pid) && /^\S*python[\d.]* .*worker\.py/.test(proc.cmdline),
  );
}

/**
 * This process's descendant passk workers (other people's runs on a shared machine are left out):
 * their count, summed peak RSS (KiB) and CPU time including the programs they forked (ms).
 */
export function ownWorkers(): { count: number; peakKib: number; cpuMs: number } {
  const workers = ownWorkerProcs();
  return {
    count: workers.length,
    peakKib: workers.reduce((sum, w) => sum + w.peakKib, 0),
    cpuMs: workers.reduce((sum, w) => sum + w.cpuMs, 0),
  };
}

/**
 * Samples the CPU of this process's passk workers (with the programs they forked and reaped)
 * every `everyMs` until stopped, keeping each worker's last reading. A killed worker is never
 * reaped by a waiting parent, so waitedChildrenCpuMs() misses it (one that exits on its own is
 * counted there). What a worker used after its last sample, at most `everyMs`, is missed.
 */
export function sampleWorkersCpu(everyMs = 100): { stop(): number } {
  const last = new Map<number, number>();
  const look = () => {
    const workers = ownWorkerProcs();
    const pids = new Set(workers.map((proc) => proc.pid));
    for (const proc of workers) {
      // A program forked by a worker shows the worker's command line: its CPU reaches the
      // worker's own figure (children reaped) and must not be counted twice.
      if (!pids.has(proc.ppid)) last.set(proc.pid, Math.max(last.get(proc.pid) ?? 0, proc.cpuMs));
    }
  };
  const timer = setInterval(look, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return [...last.values()].reduce((sum, ms) => sum + ms, 0);
    },
  };
}

/**
 * Runs a command to completion: wall time and the CPU of everything it started (reaped), plus
 * passk's sandboxed workers where they were killed rather than reaped (sampled from /proc).
 */
export function timed(
  command: string,
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ ms: number; cpuMs: number; out: string }> {
  return new Promise((resolvePromise, reject) => {
    const cpuBefore = waitedChildrenCpuMs();
    // passk's workers may be killed with their sandbox, never waited for: sampled from /proc.
    const workers = sampleWorkersCpu();
    const started = performance.now();
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const workersCpuMs = workers.stop();
      if (code !== 0)
        reject(new Error(`${command} ${argv.join(' ')} exited ${code}: ${err.slice(-500)}`));
      else {
        // A worker that exits on its own is reaped (through bwrap) into the waited CPU, one killed
        // is not: the waited CPU then holds the CLI alone, far less than its workers used.
        const waited = waitedChildrenCpuMs() - cpuBefore;
        const cpuMs = waited >= workersCpuMs ? waited : waited + workersCpuMs;
        resolvePromise({ ms, cpuMs, out });
      }
    });
  });
}

/** What bench/judge_floor.py measured: the programs' own compute and one fork + exit, in ms. */
export interface ProgramsFloor {
  computeMs: number;
  forkMs: number;
  passed: number;
  timedOut: number;
}

/**
 * bench/judge_floor.py: `programs` exec'd once each in one warm interpreter (their own compute,
 * `limitS` of CPU each at most) and the CPU of one fork + exit of it (mean of `forks`).
 */
export function programsFloor(
  programs: readonly string[],
  forks: number,
  limitS: number,
): Promise<ProgramsFloor> {
  return new Promise((resolvePromise, reject) => {
    const script = join(dirname(fileURLToPath(import.meta.url)), 'judge_floor.py');
    const child = spawn('/usr/bin/python3', ['-I', '-S', script], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`judge_floor.py exited ${code}`));
      const floor = JSON.parse(out) as Record<string, number>;
      resolvePromise({
        computeMs: floor['compute_ms']!,
        forkMs: floor['fork_ms']!,
        passed: floor['passed']!,
        timedOut: floor['timed_out']!,
      });
    });
    child.stdin.end(JSON.stringify({ programs, forks, limit_s: limitS }));
  });
}
