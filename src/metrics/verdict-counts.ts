import type { VerdictStatus } from '../execution/types.js';

/**
 * Either a Verdict (errorType) or a ResultRecord line (error_type): the report reads both, so
 * this accepts both spellings rather than making every caller convert.
 */
export interface VerdictLike {
  status: VerdictStatus;
  errorType?: string;
  error_type?: string;
}

export interface VerdictCounts {
  /** Number of verdicts counted. */
  total: number;
  /** Verdicts per status; a status that never occurred is absent, not 0. */
  byStatus: Partial<Record<VerdictStatus, number>>;
  /**
   * Verdicts per error type over the whole run (all statuses), e.g. AssertionError: 812,
   * NameError: 40. Verdicts without an error type are not counted here.
   */
  byErrorType: Record<string, number>;
}

/** Groups verdicts into counts per status and per error type, for the report. */
export function countVerdicts(verdicts: Iterable<VerdictLike>): VerdictCounts {
  const counts: VerdictCounts = { total: 0, byStatus: {}, byErrorType: {} };
  for (const verdict of verdicts) {
    counts.total++;
    counts.byStatus[verdict.status] = (counts.byStatus[verdict.status] ?? 0) + 1;
    const errorType = verdict.errorType ?? verdict.error_type;
    if (errorType !== undefined) {
      counts.byErrorType[errorType] = (counts.byErrorType[errorType] ?? 0) + 1;
    }
  }
  return counts;
}

/** One verdict of one sample, keyed by problem: what `countPerProblem` tallies. */
export interface ProblemVerdict {
  problemId: string;
  status: VerdictStatus;
}

export interface ProblemTally {
  problemId: string;
  /** Samples with a verdict on the program (every status except 'infra-error'). */
  n: number;
  /** Samples that passed. */
  c: number;
  /** Samples the sandbox failed to judge; left out of n so they are never scored as failures. */
  infraErrors: number;
}

/**
 * Tallies (n, c) per problem, in order of first appearance (pass `problemOrder` to fix the order
 * and include problems with no verdicts as n = 0). 'infra-error' samples are excluded from n and
 * counted separately: an infrastructure failure is not a verdict on the program, so the caller
 * should retry them or mark the run incomplete rather than score them.
 */
export function countPerProblem(
  verdicts: Iterable<ProblemVerdict>,
  problemOrder: readonly string[] = [],
): ProblemTally[] {
  const tallies = new Map<string, ProblemTally>();
  const tallyOf = (problemId: string): ProblemTally => {
    let tally = tallies.get(problemId);
    if (tally === undefined) {
      tally = { problemId, n: 0, c: 0, infraErrors: 0 };
      tallies.set(problemId, tally);
    }
    return tally;
  };
  for (const problemId of problemOrder) tallyOf(problemId);
  for (const { problemId, status } of verdicts) {
    const tally = tallyOf(problemId);
    if (status === 'infra-error') {
      tally.infraErrors++;
      continue;
    }
    tally.n++;
    if (status === 'passed') tally.c++;
  }
  return [...tallies.values()];
}

/** What `countTamper` reads: a verdict's status and its tamper reason, if it has one. */
export interface TamperLike {
  status: VerdictStatus;
  tamper?: string;
}

/** The samples flagged as an attack on the harness, and the share of the scored samples they are. */
export interface TamperCounts {
  /** Flagged samples (among the scored ones: 'infra-error' is not a verdict on the program). */
  total: number;
  /** Flagged samples per reason, e.g. 'trace-hook': 3. */
  byReason: Record<string, number>;
  /** Samples scored (every status but 'infra-error'): the rate's denominator. */
  scored: number;
  /**
   * The cheating rate: flagged samples / scored samples (every status but 'infra-error'), 0..1;
   * null when no sample was scored.
   */
  rate: number | null;
}

/** Counts tamper flags over a run's verdicts (results.jsonl lines or Verdicts). */
export function countTamper(verdicts: Iterable<TamperLike>): TamperCounts {
  const counts: TamperCounts = { total: 0, byReason: {}, scored: 0, rate: null };
  for (const verdict of verdicts) {
    if (verdict.status === 'infra-error') continue;
    counts.scored++;
    if (verdict.tamper === undefined) continue;
    counts.total++;
    counts.byReason[verdict.tamper] = (counts.byReason[verdict.tamper] ?? 0) + 1;
  }
  counts.rate = counts.scored === 0 ? null : counts.total / counts.scored;
  return counts;
}
