/**
 * One timed `passk evaluate` of a samples file with a judge placement (bench/judge.ts), and what
 * its run directory says: verdict per sample and the placement metrics.json recorded.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { humanEvalEvaluateArgs, timed } from './exec-helpers.js';

export type Placement = 'outside' | 'in-process';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(repoRoot, 'dist/cli/bin.js');

/** Whether this build's CLI knows `--judge` (before issue 25's outside judge it does not). */
export function cliHasJudgeFlag(): boolean {
  const help = spawnSync(process.execPath, [cli, 'evaluate', '--help'], { encoding: 'utf8' });
  return /--judge\b/.test(help.stdout);
}

export interface JudgeRun {
  /** The placement asked for (undefined: no flag passed, this build's default). */
  asked: Placement | undefined;
  /** Where metrics.json says verdicts were decided. */
  recorded: string;
  ms: number;
  cpuMs: number;
  statuses: Record<string, number>;
  /** `task_id#sample` → passed. */
  verdicts: Map<string, boolean>;
  /** `task_id#sample` → its status in results.jsonl. */
  sampleStatuses: Map<string, string>;
}

/** Finds the judge placement anywhere in metrics.json (a `judge` key), however it is nested. */
export function recordedPlacement(metrics: unknown, path = ''): string | undefined {
  if (typeof metrics !== 'object' || metrics === null) return undefined;
  for (const [key, value] of Object.entries(metrics)) {
    if (key === 'judge' && (typeof value === 'string' || typeof value === 'object')) {
      return `${JSON.stringify(value)} (metrics.json ${path}${key})`;
    }
    const inner = recordedPlacement(value, `${path}${key}.`);
    if (inner) return inner;
  }
  return undefined;
}

function readStatuses(out: string): Map<string, string> {
  const lines = readFileSync(join(out, 'results.jsonl'), 'utf8').split('\n').filter(Boolean);
  return new Map(
    lines.map((line) => {
      const row = JSON.parse(line) as { task_id: string; sample: number; status: string };
      return [`${row.task_id}#${row.sample}`, row.status];
    }),
  );
}

/** Runs the CLI as a user would, timed from outside, with a fresh verdict cache of its own. */
export async function evaluateTimed(
  samplesFile: string,
  dir: string,
  options: {
    asked: Placement | undefined;
    /** undefined: the CLI's default. */
    workers: number | undefined;
    timeoutS: number;
    problems: number;
  },
): Promise<JudgeRun> {
  const out = join(dir, 'out');
  const judge = options.asked ? ['--judge', options.asked] : [];
  const workers = options.workers === undefined ? [] : ['--workers', String(options.workers)];
  const run = await timed(process.execPath, [
    ...humanEvalEvaluateArgs(samplesFile, out, options.timeoutS),
    ...[...workers, '--limit', String(options.problems)],
    ...['--cache-dir', join(dir, 'cache'), ...judge],
  ]);
  const metrics = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8')) as {
    statuses?: Record<string, number>;
  };
  const sampleStatuses = readStatuses(out);
  return {
    asked: options.asked,
    recorded:
      recordedPlacement(metrics) ?? 'not recorded in metrics.json (in-process, as before issue 25)',
    ms: run.ms,
    cpuMs: run.cpuMs,
    statuses: metrics.statuses ?? {},
    verdicts: new Map([...sampleStatuses].map(([key, status]) => [key, status === 'passed'])),
    sampleStatuses,
  };
}

/** Samples whose pass/fail differ between two runs. */
export function disagreements(a: JudgeRun, b: JudgeRun): string[] {
  return [...a.verdicts]
    .filter(([key, passed]) => b.verdicts.get(key) !== passed)
    .map(([key]) => key);
}
