import { suiteCounts } from '../../compare/suites.js';
import { passAtK } from '../../metrics/pass-at-k.js';
import type { RunRecord } from '../../store/records.js';
import { problemTallies } from './analysis.js';

/** One run's numbers for one problem. */
export interface ProblemCell {
  n: number;
  c: number;
  /** c / n: the share of samples that passed (the estimate of pass@1). */
  rate: number;
  /** HumanEval+/MBPP+: passing samples per suite (n is the same). */
  suites?: Record<string, number>;
  /** The most common error type among its failing samples. */
  topError?: string;
}

/** A problem across the report's runs; `cells[i]` is run i's (undefined: the run lacks it). */
export interface ProblemRow {
  id: string;
  cells: (ProblemCell | undefined)[];
}

/** Per-problem counts of every run, problems in the first run's order, then the others'. */
export function problemRows(runs: readonly RunRecord[]): ProblemRow[] {
  const perRun = runs.map(cellsOf);
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const cells of perRun) {
    for (const id of cells.keys()) {
      if (!seen.has(id)) ids.push(id);
      seen.add(id);
    }
  }
  return ids.map((id) => ({ id, cells: perRun.map((cells) => cells.get(id)) }));
}

function cellsOf(run: RunRecord): Map<string, ProblemCell> {
  const suites = suiteCounts(run);
  const errors = topErrors(run);
  const out = new Map<string, ProblemCell>();
  for (const t of problemTallies(run)) {
    const bySuite = Object.fromEntries(
      suites.map((s) => [s.suite, s.counts.find((x) => x.problemId === t.problemId)?.c ?? 0]),
    );
    const topError = errors.get(t.problemId);
    out.set(t.problemId, {
      n: t.n,
      c: t.c,
      rate: t.c / t.n,
      ...(suites.length === 0 ? {} : { suites: bySuite }),
      ...(topError === undefined ? {} : { topError }),
    });
  }
  return out;
}

/** Per problem, the error type (or status) its failing samples show most. */
function topErrors(run: RunRecord): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const s of run.samples) {
    const v = s.verdict;
    if (v === undefined || v.status === 'passed') continue;
    const kind = v.errorType ?? v.status;
    const map = counts.get(s.problemId) ?? new Map<string, number>();
    map.set(kind, (map.get(kind) ?? 0) + 1);
    counts.set(s.problemId, map);
  }
  return new Map([...counts].map(([id, map]) => [id, [...map].sort((a, b) => b[1] - a[1])[0]![0]]));
}

/** pass@k of a cell, or undefined where the problem has fewer than k samples. */
export function cellPassAtK(cell: ProblemCell, k: number): number | undefined {
  return cell.n >= k ? passAtK(cell.n, cell.c, k) : undefined;
}
