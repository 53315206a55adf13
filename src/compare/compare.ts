import { ConfigError } from '../core/errors.js';
import { passAtK } from '../metrics/pass-at-k.js';
import {
  analyzeFailures,
  type BootstrapOptions,
  type FailureCounts,
  type PairedDifference,
  type PassAtKStat,
  pairedDifference,
  passAtKWithInterval,
} from '../metrics/stats/index.js';
import type { ProblemCounts } from '../metrics/summarize.js';
import { countTamper, type TamperCounts } from '../metrics/verdict-counts.js';
import { scoresOf } from '../store/load.js';
import type { RunRecord } from '../store/records.js';
import { type SuiteComparison, suiteComparisons } from './suites.js';

export interface CompareRunsOptions extends BootstrapOptions {
  /** The k of pass@k to compare. Default 1. */
  k?: number;
  /** How many of the largest per-problem changes to list. Default 10. */
  topChanges?: number;
}

export interface ProblemChange {
  problemId: string;
  a: ProblemCounts;
  b: ProblemCounts;
  /** pass@k in B minus pass@k in A. */
  delta: number;
}

export interface RunSide {
  dir: string;
  task: string;
  /** pass@k of this run on the compared problems only (so A and B are scored on the same set). */
  stat: PassAtKStat;
  failures: FailureCounts;
  /** Tamper flags on the compared problems, and the cheating rate (flagged / scored samples). */
  tamper: TamperCounts;
}

export interface Comparison {
  k: number;
  a: RunSide;
  b: RunSide;
  /** Problems compared: scored in both runs with n ≥ k. */
  compared: number;
  onlyInA: string[];
  onlyInB: string[];
  /** In both runs but left out because one of them has fewer than k samples for it. */
  tooFewSamples: string[];
  /** pass@k(B) − pass@k(A) with a paired-bootstrap interval and a sign-flip p-value. */
  difference: PairedDifference;
  /**
   * Flips, by solved = "at least one sample passed" (c > 0), whatever k is:
   * improved = no sample passed in A and some passed in B; regressed = the reverse.
   * A problem going from 9/10 to 1/10 is not a flip; it appears in `largestChanges`.
   */
  improved: string[];
  regressed: string[];
  /** The problems whose pass@k moved most (|delta| > 0), largest first. */
  largestChanges: ProblemChange[];
  /** Things the reader should know (different tasks or dataset files). */
  warnings: string[];
  /**
   * Tasks with test suites (HumanEval+/MBPP+: base, plus), when both runs have them: the same
   * paired comparison per suite. The headline above is the last suite's (plus), as metrics.json.
   */
  suites?: SuiteComparison[];
}

/**
 * Paired per-problem comparison of run B against run A on the problems both scored.
 *
 * @throws ConfigError when k is invalid or no problem can be compared
 */
export function compareRuns(
  a: RunRecord,
  b: RunRecord,
  options: CompareRunsOptions = {},
): Comparison {
  const k = options.k ?? 1;
  if (!Number.isSafeInteger(k) || k < 1)
    throw new ConfigError(`--k must be a whole number ≥ 1, got ${k}`);
  const countsA = countsOf(a);
  const countsB = countsOf(b);
  const onlyInA = [...countsA.keys()].filter((id) => !countsB.has(id));
  const onlyInB = [...countsB.keys()].filter((id) => !countsA.has(id));
  const tooFewSamples: string[] = [];
  const pairs: [ProblemCounts, ProblemCounts][] = [];
  for (const [id, ca] of countsA) {
    const cb = countsB.get(id);
    if (cb === undefined) continue;
    if (ca.n < k || cb.n < k) tooFewSamples.push(id);
    else pairs.push([ca, cb]);
  }
  if (pairs.length === 0) {
    throw new ConfigError(
      `no problem can be compared at k=${k}: ${reasonNone(onlyInA, tooFewSamples)}`,
      {
        hint: 'compare runs of the same task; for k > 1 both runs need at least k samples per problem',
      },
    );
  }
  const valuesA = pairs.map(([pa]) => passAtK(pa.n, pa.c, k));
  const valuesB = pairs.map(([, pb]) => passAtK(pb.n, pb.c, k));
  const compared = new Set(pairs.map(([pa]) => pa.problemId));
  const side = (run: RunRecord, counts: ProblemCounts[]): RunSide => ({
    dir: run.summary.runDir ?? run.summary.id,
    task: run.summary.task,
    stat: passAtKWithInterval(counts, k, options),
    failures: analyzeFailures(run.results.filter((r) => compared.has(r.task_id))).overall,
    tamper: countTamper(run.results.filter((r) => compared.has(r.task_id))),
  });
  const changes = pairs
    .map(
      ([pa, pb], i): ProblemChange => ({
        problemId: pa.problemId,
        a: pa,
        b: pb,
        delta: valuesB[i]! - valuesA[i]!,
      }),
    )
    .filter((change) => change.delta !== 0)
    .sort(
      (x, y) =>
        Math.abs(y.delta) - Math.abs(x.delta) ||
        x.problemId.localeCompare(y.problemId, 'en', { numeric: true }),
    );
  return {
    k,
    a: side(
      a,
      pairs.map(([pa]) => pa),
    ),
    b: side(
      b,
      pairs.map(([, pb]) => pb),
    ),
    compared: pairs.length,
    onlyInA,
    onlyInB,
    tooFewSamples,
    difference: pairedDifference(valuesA, valuesB, options),
    improved: pairs.filter(([pa, pb]) => pa.c === 0 && pb.c > 0).map(([pa]) => pa.problemId),
    regressed: pairs.filter(([pa, pb]) => pa.c > 0 && pb.c === 0).map(([pa]) => pa.problemId),
    largestChanges: changes.slice(0, options.topChanges ?? 10),
    warnings: warningsFor(a, b),
    ...suiteComparisons(a, b, k, options),
  };
}

/** Per-problem (n, c) from metrics.json, which already excludes infra errors from n. */
function countsOf(run: RunRecord): Map<string, ProblemCounts> {
  return new Map(
    scoresOf(run).per_problem.map((p) => [p.task_id, { problemId: p.task_id, n: p.n, c: p.c }]),
  );
}

function reasonNone(onlyInA: string[], tooFew: string[]): string {
  if (tooFew.length > 0)
    return `${tooFew.length} shared problems have fewer than k samples in one run`;
  return `the runs share no problem ids (A has ${onlyInA.length} the other lacks)`;
}

function warningsFor(a: RunRecord, b: RunRecord): string[] {
  const warnings: string[] = [];
  const [ta, tb] = [a.summary.task, b.summary.task];
  if (ta !== tb) warnings.push(`the runs scored different tasks: ${ta} vs ${tb}`);
  const sha = (run: RunRecord) => (run.metrics?.dataset as { sha256?: string } | undefined)?.sha256;
  if (sha(a) !== sha(b)) warnings.push('the runs read different dataset files (sha256 differs)');
  const [wa, wb] = [dateWindowOf(a), dateWindowOf(b)];
  if (wa !== wb) warnings.push(`the runs used different release-date windows: ${wa} vs ${wb}`);
  return warnings;
}

/** A run's date window (metrics.json config.date_window), as 'since … until (cutoff …)' or 'none'. */
function dateWindowOf(run: RunRecord): string {
  const window = run.config['date_window'] as Record<string, string | null> | undefined;
  if (window === undefined) return 'none';
  const cutoff = window['model_cutoff'] ? ` (model cutoff ${window['model_cutoff']})` : '';
  return `${window['since'] ?? '…'} to ${window['until'] ?? '…'}${cutoff}`;
}
