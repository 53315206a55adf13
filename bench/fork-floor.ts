/**
 * bench/fork_floor.py timed from outside: every program of a samples file run in its own forked
 * child of a warm interpreter, `slots` at a time, no isolation (bench/judge.ts's "fork floor").
 */
import { writeFileSync } from 'node:fs';
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
  dir: string,
  slots: number,
  limitS: number,
): Promise<ForkFloorRun> {
  const file = join(dir, 'fork-floor-programs.jsonl');
  writeFileSync(file, `${programs.map((program) => JSON.stringify(program)).join('\n')}\n`);
  const script = join(dirname(fileURLToPath(import.meta.url)), 'fork_floor.py');
  const run = await timed('/usr/bin/python3', [
    '-I',
    '-S',
    script,
    file,
    String(slots),
    String(limitS),
  ]);
  const counts = JSON.parse(run.out) as { passed: number; failed: number; timed_out: number };
  return {
    ms: run.ms,
    cpuMs: run.cpuMs,
    passed: counts.passed,
    failed: counts.failed,
    timedOut: counts.timed_out,
  };
}
