import { passAtK } from './pass-at-k.js';

/** How many samples one problem has (n) and how many of them passed (c). */
export interface ProblemCounts {
  problemId: string;
  n: number;
  c: number;
}

/** 'pass@1', 'pass@10', … */
export type PassAtKKey = `pass@${number}`;

/** A requested k that is not in the summary, and why. */
export interface SkippedK {
  k: number;
  reason: string;
}

export interface ProblemPassAtK extends ProblemCounts {
  /** Every requested k this problem reaches (k ≤ n), even ones skipped for the run as a whole. */
  passAtK: Record<PassAtKKey, number>;
}

export interface PassAtKSummary {
  /** Mean over problems of pass@k, for each requested k that every problem reaches (n ≥ k). */
  passAtK: Record<PassAtKKey, number>;
  /** Requested ks left out of `passAtK`, in ascending order, each with a reason for the report. */
  skippedK: SkippedK[];
  /** One entry per problem, in input order. */
  perProblem: ProblemPassAtK[];
  /** Number of problems scored. */
  problems: number;
  /** Total samples over all problems (Σ n). */
  samples: number;
}

/**
 * Scores a run from per-problem counts. A k is reported only when every problem has n ≥ k:
 * averaging pass@k over just the problems that reach it would silently score a different,
 * easier-or-harder subset of the benchmark. Unequal n across problems is otherwise fine; each
 * problem's estimate uses its own n.
 *
 * @param counts one entry per problem (ids unique; integers with 0 ≤ c ≤ n)
 * @param ks the requested ks (integers ≥ 1; duplicates are ignored, order does not matter)
 * @throws RangeError on an invalid k or count, Error on a duplicate problem id
 */
export function summarize(counts: readonly ProblemCounts[], ks: readonly number[]): PassAtKSummary {
  const requested = normalizeKs(ks);
  assertValidCounts(counts);
  const perProblem = counts.map((problem) => scoreProblem(problem, requested));
  const summary: PassAtKSummary = {
    passAtK: {},
    skippedK: [],
    perProblem,
    problems: counts.length,
    samples: counts.reduce((total, problem) => total + problem.n, 0),
  };
  for (const k of requested) {
    const reason = reasonToSkip(counts, k);
    if (reason !== undefined) {
      summary.skippedK.push({ k, reason });
      continue;
    }
    const sum = perProblem.reduce((total, problem) => total + (problem.passAtK[key(k)] ?? 0), 0);
    summary.passAtK[key(k)] = sum / counts.length;
  }
  return summary;
}

/** The summary key for k, e.g. 'pass@10'. */
export function passAtKKey(k: number): PassAtKKey {
  return key(k);
}

function key(k: number): PassAtKKey {
  return `pass@${k}`;
}

function normalizeKs(ks: readonly number[]): number[] {
  for (const k of ks) {
    if (!Number.isSafeInteger(k) || k < 1) {
      throw new RangeError(`summarize: k must be an integer ≥ 1, got ${k}`);
    }
  }
  return [...new Set(ks)].sort((a, b) => a - b);
}

function assertValidCounts(counts: readonly ProblemCounts[]): void {
  const seen = new Set<string>();
  for (const { problemId, n, c } of counts) {
    if (seen.has(problemId)) throw new Error(`summarize: problem ${problemId} appears twice`);
    seen.add(problemId);
    if (!Number.isSafeInteger(n) || !Number.isSafeInteger(c) || c < 0 || c > n) {
      throw new RangeError(`summarize: problem ${problemId} has n=${n}, c=${c}`);
    }
  }
}

function scoreProblem(problem: ProblemCounts, ks: readonly number[]): ProblemPassAtK {
  const scores: Record<PassAtKKey, number> = {};
  for (const k of ks) {
    if (k <= problem.n) scores[key(k)] = passAtK(problem.n, problem.c, k);
  }
  return { problemId: problem.problemId, n: problem.n, c: problem.c, passAtK: scores };
}

/** Why k cannot be reported for this run, or undefined when it can. */
function reasonToSkip(counts: readonly ProblemCounts[], k: number): string | undefined {
  if (counts.length === 0) return 'no problems were scored';
  const short = counts.filter((problem) => problem.n < k);
  const fewest = short.reduce<ProblemCounts | undefined>(
    (min, problem) => (min === undefined || problem.n < min.n ? problem : min),
    undefined,
  );
  if (fewest === undefined) return undefined;
  const samples = fewest.n === 1 ? 'sample' : 'samples';
  const others = short.length - 1;
  const problemsHave = others === 1 ? 'problem has' : 'problems have';
  const more = others === 0 ? '' : ` (and ${others} more ${problemsHave} fewer than ${k})`;
  return `problem ${fewest.problemId} has only ${fewest.n} ${samples}${more}`;
}
