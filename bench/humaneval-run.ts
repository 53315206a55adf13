/**
 * openai/human-eval's method (bench/humaneval_method.py: a process forked per program from a
 * running interpreter, 4 threads, the limit in wall time) on a samples file, timed from outside
 * as the benches time passk: wall, and CPU of everything it started. Used by bench/exec.ts and
 * bench/judge.ts.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { humanEvalPath, timed } from './exec-helpers.js';

const PYTHON = '/usr/bin/python3';
const script = join(dirname(fileURLToPath(import.meta.url)), 'humaneval_method.py');

export interface HumanEvalMethodRun {
  ms: number;
  cpuMs: number;
  passed: number;
  timedOut: number;
  /** `task_id#sample` (the sample's index within its problem, as passk's results.jsonl) → result. */
  results: Map<string, string>;
}

/** Reads the method's results file: one row per sample, in the samples file's order. */
function readResults(outFile: string): Map<string, string> {
  const seen = new Map<string, number>();
  const results = new Map<string, string>();
  for (const line of readFileSync(outFile, 'utf8').split('\n').filter(Boolean)) {
    const row = JSON.parse(line) as { task_id: string; result: string };
    const index = seen.get(row.task_id) ?? 0;
    seen.set(row.task_id, index + 1);
    results.set(`${row.task_id}#${index}`, row.result);
  }
  return results;
}

/** Runs the method with its defaults (4 threads) and `timeoutS`, writing its rows to `outFile`. */
export async function humanEvalMethodTimed(
  samplesFile: string,
  outFile: string,
  timeoutS: number,
  threads = 4,
): Promise<HumanEvalMethodRun> {
  const run = await timed(PYTHON, [
    script,
    humanEvalPath(),
    samplesFile,
    outFile,
    String(threads),
    String(timeoutS),
  ]);
  const summary = JSON.parse(run.out.trim().split('\n').at(-1)!) as {
    passed: number;
    timedOut: number;
  };
  return { ms: run.ms, cpuMs: run.cpuMs, ...summary, results: readResults(outFile) };
}
