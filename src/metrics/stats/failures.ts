import type { VerdictStatus } from '../../execution/types.js';

/** What failure analysis reads of a verdict: a results.jsonl line has all of it. */
export interface FailureInput {
  task_id: string;
  status: VerdictStatus;
  error_type?: string;
}

export interface FailureCounts {
  /** Verdicts counted (infra errors included: they are listed, never scored). */
  samples: number;
  passed: number;
  byStatus: Partial<Record<VerdictStatus, number>>;
  /**
   * Non-passing verdicts by kind: the error type where the verdict has one (AssertionError,
   * NameError, SyntaxError, Timeout, …), else the status. Sums to samples − passed.
   */
  byKind: Record<string, number>;
}

export interface ProblemFailures extends FailureCounts {
  problemId: string;
}

export interface FailureAnalysis {
  overall: FailureCounts;
  /** One entry per problem, in order of first appearance. */
  perProblem: ProblemFailures[];
}

/** The kind a non-passing verdict is counted under (see FailureCounts.byKind). */
export function failureKind(result: FailureInput): string {
  return result.error_type ?? result.status;
}

/** Counts verdicts by status and failure kind, per problem and over the whole run. */
export function analyzeFailures(results: Iterable<FailureInput>): FailureAnalysis {
  const overall = emptyCounts();
  const perProblem = new Map<string, ProblemFailures>();
  for (const result of results) {
    let problem = perProblem.get(result.task_id);
    if (problem === undefined) {
      problem = { problemId: result.task_id, ...emptyCounts() };
      perProblem.set(result.task_id, problem);
    }
    add(overall, result);
    add(problem, result);
  }
  return { overall, perProblem: [...perProblem.values()] };
}

function emptyCounts(): FailureCounts {
  return { samples: 0, passed: 0, byStatus: {}, byKind: {} };
}

function add(counts: FailureCounts, result: FailureInput): void {
  counts.samples++;
  counts.byStatus[result.status] = (counts.byStatus[result.status] ?? 0) + 1;
  if (result.status === 'passed') {
    counts.passed++;
    return;
  }
  const kind = failureKind(result);
  counts.byKind[kind] = (counts.byKind[kind] ?? 0) + 1;
}

/** Entries of a count record, largest first, ties by name (stable output for tests and diffs). */
export function rankCounts(counts: Record<string, number>): [string, number][] {
  return Object.entries(counts).sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
}

/**
 * The terminal view: overall verdicts and failure kinds, then the problems with the most
 * failing samples (at most `topProblems`), each with its leading failure kinds.
 */
export function formatFailures(analysis: FailureAnalysis, topProblems = 10): string {
  const { overall } = analysis;
  const percent = (count: number) =>
    `${((100 * count) / Math.max(1, overall.samples)).toFixed(1)}%`;
  const lines = [`failure analysis: ${overall.samples} samples, ${overall.passed} passed`];
  for (const [kind, count] of rankCounts(overall.byKind)) {
    lines.push(`  ${kind.padEnd(24)} ${String(count).padStart(6)}  ${percent(count)}`);
  }
  const worst = analysis.perProblem
    .filter((p) => p.samples > p.passed)
    .sort((x, y) => y.samples - y.passed - (x.samples - x.passed))
    .slice(0, topProblems);
  if (worst.length > 0) lines.push('  problems with the most failing samples:');
  for (const p of worst) {
    const kinds = rankCounts(p.byKind)
      .slice(0, 3)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ');
    lines.push(`    ${p.problemId}: ${p.samples - p.passed}/${p.samples} failing (${kinds})`);
  }
  return `${lines.join('\n')}\n`;
}
