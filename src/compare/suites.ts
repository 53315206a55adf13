import { passAtK } from '../metrics/pass-at-k.js';
import {
  type PairedDifference,
  type PassAtKStat,
  pairedDifference,
  passAtKWithInterval,
} from '../metrics/stats/index.js';
import type { ProblemCounts } from '../metrics/summarize.js';
import { countPerProblem } from '../metrics/verdict-counts.js';
import type { RunRecord } from '../store/records.js';
import { statusForSuite } from '../store/suites.js';
import type { CompareRunsOptions } from './compare.js';

/** One suite's per-problem (n, c), e.g. HumanEval+'s 'base' or 'plus'. */
export interface SuiteCounts {
  suite: string;
  counts: ProblemCounts[];
}

/** The suites a run was scored on (metrics.json `suites`, in task order); [] for plain tasks. */
export function suitesOfRun(run: RunRecord): string[] {
  return Object.keys(run.metrics?.suites ?? {});
}

/**
 * Per-suite (n, c) for each problem, from results.jsonl's per-suite verdicts with the rule
 * metrics.json uses (a sample passes a suite only if it passed every earlier one; sandbox
 * failures leave n), restricted to the problems metrics.json scored. [] for plain tasks and
 * for runs whose results carry no per-suite verdicts.
 */
export function suiteCounts(run: RunRecord): SuiteCounts[] {
  const suites = suitesOfRun(run);
  if (suites.length === 0) return [];
  const scored = (run.metrics?.per_problem ?? []).map((p) => p.task_id);
  const keep = new Set(scored);
  const results = run.results.filter((r) => keep.has(r.task_id));
  // A run read from a store without its directory has no per-suite verdicts: nothing to tally.
  if (!results.some((r) => r.suites !== undefined)) return [];
  return suites.map((suite) => ({
    suite,
    counts: countPerProblem(
      results.map((r) => ({ problemId: r.task_id, status: statusForSuite(r, suites, suite) })),
      scored,
    )
      .filter((t) => t.n > 0)
      .map(({ problemId, n, c }) => ({ problemId, n, c })),
  }));
}

/** One suite's paired comparison (e.g. HumanEval+ base tests only). */
export interface SuiteComparison {
  suite: string;
  compared: number;
  a: PassAtKStat;
  b: PassAtKStat;
  difference: PairedDifference;
  improved: string[];
  regressed: string[];
}

/** Per-suite comparisons for two runs scored on the same suites; nothing otherwise. */
export function suiteComparisons(
  a: RunRecord,
  b: RunRecord,
  k: number,
  options: CompareRunsOptions,
): { suites?: SuiteComparison[] } {
  const suitesA = suiteCounts(a);
  const suitesB = new Map(suiteCounts(b).map((s) => [s.suite, s.counts]));
  const out: SuiteComparison[] = [];
  for (const { suite, counts } of suitesA) {
    const other = suitesB.get(suite);
    if (other === undefined) continue;
    const byId = new Map(other.map((c) => [c.problemId, c]));
    const pairs = counts.flatMap((ca) => {
      const cb = byId.get(ca.problemId);
      return cb !== undefined && ca.n >= k && cb.n >= k ? [[ca, cb] as const] : [];
    });
    if (pairs.length === 0) continue;
    out.push({
      suite,
      compared: pairs.length,
      a: passAtKWithInterval(
        pairs.map(([pa]) => pa),
        k,
        options,
      ),
      b: passAtKWithInterval(
        pairs.map(([, pb]) => pb),
        k,
        options,
      ),
      difference: pairedDifference(
        pairs.map(([pa]) => passAtK(pa.n, pa.c, k)),
        pairs.map(([, pb]) => passAtK(pb.n, pb.c, k)),
        options,
      ),
      improved: pairs.filter(([pa, pb]) => pa.c === 0 && pb.c > 0).map(([pa]) => pa.problemId),
      regressed: pairs.filter(([pa, pb]) => pa.c > 0 && pb.c === 0).map(([pa]) => pa.problemId),
    });
  }
  return out.length === 0 ? {} : { suites: out };
}
