import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { ExecJob, ExecLimits } from '../src/execution/types.js';

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
  return `${row.prompt}${completion}\n${row.test}\ncheck(${row.entry_point})\n`;
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

/** The compute floor's script: exec every program in one process, fresh globals each, no isolation. */
const FLOOR_SCRIPT = `
import json, sys
programs = json.load(sys.stdin)
passed = 0
for source in programs:
    try:
        exec(compile(source, "program.py", "exec"), {"__name__": "__main__"})
        passed += 1
    except BaseException:
        pass
print(passed)
`;

/** Runs the floor in one interpreter and returns its wall time (start-up included) and passes. */
export function computeFloor(
  python: string,
  sources: readonly string[],
): Promise<{ ms: number; passed: number }> {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn(python, ['-I', '-S', '-c', FLOOR_SCRIPT], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', () =>
      resolvePromise({ ms: performance.now() - started, passed: Number(out.trim()) }),
    );
    child.stdin.end(JSON.stringify(sources));
  });
}

/** Peak RSS (VmHWM, KiB) of live processes whose command line contains `needle`. */
export function peakRssOf(needle: string): { pids: number; kib: number } {
  let pids = 0;
  let kib = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!cmdline.startsWith('/usr/bin/python') || !cmdline.includes(needle)) continue;
      const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'));
      if (hwm?.[1]) {
        pids++;
        kib += Number(hwm[1]);
      }
    } catch {
      // exited meanwhile
    }
  }
  return { pids, kib };
}
