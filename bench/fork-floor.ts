/**
 * bench/fork_floor.py timed from outside: every program run in its own forked child of a warm
 * interpreter, `slots` at a time, no isolation (the "fork floor" of bench/judge.ts and
 * bench/exec.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timed } from './exec-helpers.js';

export interface ForkFloorRun {
  ms: number;
  cpuMs: number;
  passed: number;
  failed: number;
  timedOut: number;
}

export async function forkFloorTimed(
  programs: readonly string[],
  slots: number,
  limitS: number,
): Promise<ForkFloorRun> {
  const dir = mkdtempSync(join(tmpdir(), 'passk-bench-fork-floor-'));
  try {
    const file = join(dir, 'programs.jsonl');
    writeFileSync(file, `${programs.map((program) => JSON.stringify(program)).join('\n')}\n`);
    const script = join(dirname(fileURLToPath(import.meta.url)), 'fork_floor.py');
    const args = ['-I', '-S', script, file, String(slots), String(limitS)];
    const run = await timed('/usr/bin/python3', args);
    const counts = JSON.parse(run.out) as { passed: number; failed: number; timed_out: number };
    return {
      ms: run.ms,
      cpuMs: run.cpuMs,
      passed: counts.passed,
      failed: counts.failed,
      timedOut: counts.timed_out,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
