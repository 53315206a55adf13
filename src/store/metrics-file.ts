import { PASSK_VERSION } from '../core/version.js';
import type { LoadedDataset } from '../datasets/types.js';
import { LOOSE_ONLY } from '../execution/reference-rules.js';
import type { ExecutorInfo, VerdictStatus } from '../execution/types.js';
import { largestPlusDrops, type PlusDrop } from '../metrics/stats/plus-drop.js';
import { summarize } from '../metrics/summarize.js';
import { passAtKUncertainty, type Uncertainty } from '../metrics/uncertainty.js';
import {
  countPerProblem,
  countTamper,
  countVerdicts,
  type ProblemTally,
  type TamperLike,
} from '../metrics/verdict-counts.js';
import type { Problem, Task } from '../tasks/types.js';
import type { ResultRecord } from './records.js';
import { statusForSuite } from './suites.js';

/**
 * metrics.json: bigcode-evaluation-harness's shape (`{"<task>": {"pass@1": …}, "config": …}`)
 * plus what a reader needs to trust the number: versions, data hash, isolation, counts. It is a
 * function of the inputs only (no times, no machine counters), so the same evaluation gives the
 * same bytes, however it was sharded; run.json holds what varies from run to run.
 */
export interface MetricsFile {
  [task: string]: unknown;
  config: Record<string, unknown>;
  passk_version: string;
  dataset: { file: string; sha256: string; source: string; revision: string | null; hub: string };
  /** The isolation actually in force. Counters and timings live in run.json (they vary by run). */
  execution: Pick<ExecutorInfo, 'sandbox' | 'isolation'>;
  problems: number;
  samples: number;
  missing_problems: string[];
  skipped_k: { k: number; reason: string }[];
  statuses: Partial<Record<VerdictStatus, number>>;
  error_types: Record<string, number>;
  /** Samples the sandbox failed to judge: left out of n, never scored as failures. */
  infra_errors: number;
  /**
   * Samples flagged as an attack on the harness (docs/security.md, "Tamper flags"): how many,
   * per reason, and the run's cheating rate (flagged / scored samples; null with none scored).
   * Always written, 0 included; absent only in files from a passk that did not flag tampering.
   */
  tamper?: TamperMetrics;
  per_problem: { task_id: string; n: number; c: number; [passAtK: string]: number | string }[];
  /**
   * Tasks with suites only (EvalPlus: 'base', 'plus'): pass@k per suite, where a sample passes
   * a suite only if it also passed every earlier one. `[task]` above is the last suite's, so
   * readers of `metrics[task]['pass@1']` get the headline (plus) score.
   */
  suites?: Record<string, Record<string, number>>;
  /** Tasks with suites only: verdict counts per suite (statuses above are the headline's). */
  suite_statuses?: Record<string, Partial<Record<VerdictStatus, number>>>;
  /** Tasks with suites only: `uncertainty` (interval, standard error) of each suite's pass@k. */
  suite_uncertainty?: Record<string, Uncertainty>;
  /** Tasks with 'base' and 'plus' suites: the problems whose pass@1 fell most from base to plus. */
  largest_plus_drops?: PlusDrop[];
  /** Which metric `[task]` holds and what each of its keys means (see Task.metric). */
  metric: { name: string; keys: Readonly<Record<string, string>> };
  /** Tasks with their own metric only: the per-sample pass@k (a sample passes its check). */
  pass_at_k?: Record<string, number>;
  /** A 95% interval and standard error for every reported pass@k, and how they were computed. */
  uncertainty?: Uncertainty;
  /** Tasks with a breakdown only (DS-1000: by library): pass@k and counts per group. */
  breakdown?: { by: string; groups: Record<string, Record<string, number>> };
  /**
   * Tasks with Task.requires only: the problems whose needs are met here, of all the run's, their
   * share (the score's ceiling: the others count as failures) and pass@k over them alone.
   */
  runnable?: RunnableMetrics;
  /**
   * Tasks scored with loose equality (MultiPL-E's JavaScript and TypeScript, as Node's legacy
   * `assert.deepEqual`): pass@k with those checks strict, a sample that passed only loosely
   * (error type LooseEqualityOnly) counted as failed. Present when any sample did.
   */
  strict_equality_pass_at_k?: Record<string, number>;
}

/** metrics.json `runnable`. */
export interface RunnableMetrics {
  problems: number;
  total: number;
  share: number;
  pass_at_k: Record<string, number>;
}

/** metrics.json `tamper`. */
export interface TamperMetrics {
  samples: number;
  by_reason: Record<string, number>;
  cheating_rate: number | null;
}

const PASS_AT_K_METRIC = {
  name: 'pass@k',
  keys: {
    'pass@k': 'unbiased estimator of P(at least one of k samples passes), mean over problems',
  },
} as const;

export interface MetricsInput {
  task: Task;
  ks: number[];
  results: readonly ResultRecord[];
  problems: readonly Problem[];
  missing: string[];
  /** Tasks with Task.requires: the ids of the problems whose needs are met here. */
  runnable?: ReadonlySet<string>;
  dataset: LoadedDataset;
  executor: Pick<ExecutorInfo, 'sandbox' | 'isolation'> & Partial<ExecutorInfo>;
  config: Record<string, unknown>;
  provenance?: Record<string, unknown>;
}

export function buildMetrics(input: MetricsInput): MetricsFile {
  const tallies = countPerProblem(
    input.results.map((r) => ({ problemId: r.task_id, status: r.status })),
    input.problems.map((p) => p.id),
  );
  const verdicts = countVerdicts(input.results);
  const summary = summarize(tallies, input.ks);
  const hub = input.task.dataset.hub;
  const own = input.task.metric;
  const headline =
    own === undefined
      ? summary.passAtK
      : own.compute({
          problemIds: summary.perProblem.map((p) => p.problemId),
          results: input.results,
          ks: input.ks,
        });
  return {
    [input.task.name]: headline,
    metric: own === undefined ? PASS_AT_K_METRIC : { name: own.name, keys: own.keys },
    ...(own === undefined ? {} : { pass_at_k: summary.passAtK }),
    ...uncertaintyOf(summary),
    config: { task: input.task.name, ...input.config },
    ...input.task.metricsInfo,
    passk_version: PASSK_VERSION,
    dataset: {
      file: input.dataset.file,
      sha256: input.dataset.sha256,
      source: input.dataset.source,
      revision: input.dataset.revision ?? null,
      hub: `${hub.host === 'github' ? 'github:' : ''}${hub.repo}@${hub.revision}:${hub.path}`,
    },
    execution: { sandbox: input.executor.sandbox, isolation: input.executor.isolation },
    problems: summary.problems,
    samples: summary.samples,
    missing_problems: input.missing,
    skipped_k: summary.skippedK,
    statuses: verdicts.byStatus,
    error_types: verdicts.byErrorType,
    infra_errors: tallies.reduce((sum, t) => sum + t.infraErrors, 0),
    tamper: tamperMetrics(input.results),
    ...input.provenance,
    per_problem: summary.perProblem.map((p) => ({
      task_id: p.problemId,
      n: p.n,
      c: p.c,
      ...p.passAtK,
    })),
    ...suiteMetrics(input),
    ...breakdownOf(input, tallies),
    ...runnableOf(input, tallies),
    ...strictEqualityOf(input),
  };
}

/** metrics.json `strict_equality_pass_at_k`, when some sample passed only through loose equality. */
function strictEqualityOf(input: MetricsInput): Pick<MetricsFile, 'strict_equality_pass_at_k'> {
  const looseOnly = (r: ResultRecord) => r.status === 'passed' && r.error_type === LOOSE_ONLY;
  if (!input.results.some(looseOnly)) return {};
  const tallies = countPerProblem(
    input.results.map((r) => ({
      problemId: r.task_id,
      status: looseOnly(r) ? ('failed' as const) : r.status,
    })),
    input.problems.map((p) => p.id),
  );
  return { strict_equality_pass_at_k: summarize(tallies, input.ks).passAtK };
}

/** metrics.json `tamper`, from the results' flags. */
export function tamperMetrics(results: readonly TamperLike[]): TamperMetrics {
  const counts = countTamper(results);
  return { samples: counts.total, by_reason: counts.byReason, cheating_rate: counts.rate };
}

/** metrics.json `runnable`: pass@k over the problems that can run here (Task.requires). */
function runnableOf(
  input: MetricsInput,
  tallies: readonly ProblemTally[],
): Pick<MetricsFile, 'runnable'> {
  const { runnable } = input;
  if (runnable === undefined) return {};
  const summary = summarize(
    tallies.filter((t) => runnable.has(t.problemId)),
    input.ks,
  );
  const total = tallies.length;
  return {
    runnable: {
      problems: summary.problems,
      total,
      share: total === 0 ? 0 : summary.problems / total,
      pass_at_k: summary.passAtK,
    },
  };
}

/** pass@k per group of problems (Task.breakdown), groups in the task's order then by name. */
function breakdownOf(input: MetricsInput, tallies: readonly ProblemTally[]) {
  const breakdown = input.task.breakdown;
  if (breakdown === undefined) return {};
  const groupOf = new Map(input.problems.map((p) => [p.id, breakdown.groupOf(p)]));
  const byGroup = new Map<string, ProblemTally[]>();
  for (const tally of tallies) {
    const group = groupOf.get(tally.problemId);
    if (group === undefined) continue;
    const members = byGroup.get(group) ?? [];
    members.push(tally);
    byGroup.set(group, members);
  }
  const order = breakdown.order ?? [];
  const names = [
    ...order.filter((g) => byGroup.has(g)),
    ...[...byGroup.keys()].filter((g) => !order.includes(g)).sort(),
  ];
  const groups: Record<string, Record<string, number>> = {};
  for (const name of names) {
    const summary = summarize(byGroup.get(name) ?? [], input.ks);
    groups[name] = { problems: summary.problems, samples: summary.samples, ...summary.passAtK };
  }
  return { breakdown: { by: breakdown.by, groups } };
}

/** Per-suite pass@k and verdict counts, for tasks with suites (nothing for the others). */
function suiteMetrics(
  input: MetricsInput,
): Pick<MetricsFile, 'suites' | 'suite_statuses' | 'suite_uncertainty' | 'largest_plus_drops'> {
  const suites = input.task.suites;
  if (suites === undefined || suites.length === 0) return {};
  const passAtK: Record<string, Record<string, number>> = {};
  const statuses: Record<string, Partial<Record<VerdictStatus, number>>> = {};
  const uncertainty: Record<string, Uncertainty> = {};
  for (const suite of suites) {
    const verdicts = input.results.map((r) => ({
      problemId: r.task_id,
      status: statusForSuite(r, suites, suite),
    }));
    const tallies = countPerProblem(
      verdicts,
      input.problems.map((p) => p.id),
    );
    const summary = summarize(tallies, input.ks);
    passAtK[suite] = summary.passAtK;
    statuses[suite] = countVerdicts(verdicts).byStatus;
    const suiteUncertainty = uncertaintyOf(summary).uncertainty;
    if (suiteUncertainty !== undefined) uncertainty[suite] = suiteUncertainty;
  }
  const common = { suites: passAtK, suite_statuses: statuses, suite_uncertainty: uncertainty };
  if (!suites.includes('base') || !suites.includes('plus')) return common;
  const drops = largestPlusDrops(
    input.results.map((r) => ({
      task_id: r.task_id,
      sample: r.sample,
      base_status: statusForSuite(r, suites, 'base'),
      plus_status: statusForSuite(r, suites, 'plus'),
    })),
  );
  return { ...common, largest_plus_drops: drops };
}

/** `uncertainty` for the run's pass@k (the headline's, for tasks with suites). */
function uncertaintyOf(summary: ReturnType<typeof summarize>): { uncertainty?: Uncertainty } {
  const uncertainty = passAtKUncertainty(
    summary.perProblem.map((p) => ({ problemId: p.problemId, n: p.n, c: p.c })),
    Object.keys(summary.passAtK),
  );
  return uncertainty === undefined ? {} : { uncertainty };
}
