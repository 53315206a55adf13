import type { Uncertainty } from '../metrics/uncertainty.js';
import type { TamperCounts } from '../metrics/verdict-counts.js';
import type { MetricsFile, TamperMetrics } from '../store/metrics-file.js';
import type { RunRecord, RunSummary } from '../store/records.js';
import type { CurvePoint } from './html/analysis.js';
import { failureBreakdown } from './html/analysis.js';
import { headline } from './html/headline.js';
import { defaultIntervals } from './html/intervals.js';
import { runLabel } from './labels.js';
import type { SummaryInput } from './summary.js';

/** One reported score: the value and, where known, its 95% interval and standard error. */
export interface ScoreJson {
  value: number;
  lower?: number;
  upper?: number;
  standard_error?: number;
}

/**
 * `passk run --json` / `passk evaluate --json`: the summary as one JSON object on stdout, from
 * metrics.json (so `| jq` reads the same numbers the files hold).
 */
export function summaryJson(taskName: string, result: SummaryInput): Record<string, unknown> {
  const m = result.metrics;
  const scores = m[taskName] as Record<string, number>;
  const suites =
    m.suites === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(m.suites).map(([suite, values], i, all) => [
            suite,
            withUncertainty(
              values,
              i === all.length - 1 ? m.uncertainty : m.suite_uncertainty?.[suite],
            ),
          ]),
        );
  return {
    task: taskName,
    problems: m.problems,
    samples: m.samples,
    metric: m.metric.name,
    scores: withUncertainty(scores, m.metric.name === 'pass@k' ? m.uncertainty : undefined),
    ...(suites === undefined ? {} : { suites }),
    statuses: m.statuses,
    error_types: m.error_types,
    infra_errors: m.infra_errors,
    tamper: m.tamper ?? null,
    partial: m['partial'] ?? null,
    sandbox: m.execution,
    files: result.files,
    run_id: result.runId ?? null,
  };
}

/** metrics.json's `tamper` shape, for `passk show --json`. */
function tamperJson(tamper: TamperCounts): TamperMetrics {
  return { samples: tamper.total, by_reason: tamper.byReason, cheating_rate: tamper.rate };
}

function withUncertainty(
  values: Record<string, number>,
  uncertainty: Uncertainty | undefined,
): Record<string, ScoreJson> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      const entry = uncertainty?.[key];
      if (entry === undefined || typeof entry !== 'object') return [key, { value }];
      const { lower, upper, standard_error } = entry;
      return [key, { value, lower, upper, standard_error }];
    }),
  );
}

/** `passk show --json`: the numbers `passk show` prints, as one object. */
export function runSummaryJson(run: RunRecord): Record<string, unknown> {
  const s = run.summary;
  const head = headline(run, defaultIntervals);
  const breakdown = failureBreakdown(run);
  const points = (list: readonly CurvePoint[]) =>
    Object.fromEntries(
      list.map((p) => [
        `pass@${p.k}`,
        p.interval === undefined
          ? { value: p.value }
          : { value: p.value, lower: p.interval.lower, upper: p.interval.upper },
      ]),
    );
  const metrics: Partial<MetricsFile> = run.metrics ?? {};
  return {
    id: s.id,
    label: runLabel(run),
    created_at: s.createdAt,
    run_dir: s.runDir,
    task: s.task,
    model: s.model,
    problems: head.problems,
    samples: head.samples,
    scores: points(head.scores),
    ...(head.suites === undefined
      ? {}
      : { suites: Object.fromEntries(head.suites.map((x) => [x.suite, points(x.scores)])) }),
    infra_errors: head.infraErrors,
    // Always present (0 included), so a script reads it without testing for absence.
    tamper: tamperJson(head.tamper),
    statuses: Object.fromEntries(breakdown.byStatus),
    error_types: Object.fromEntries(breakdown.byErrorType),
    partial: metrics['partial'] ?? null,
    dataset: run.provenance.dataset,
    sandbox: run.provenance.execution,
  };
}

/**
 * `passk runs --json`: one run store row in the snake_case of metrics.json and `show --json`
 * (the store's RunSummary is camelCase TypeScript).
 */
export function runListJson(s: RunSummary): Record<string, unknown> {
  return {
    id: s.id,
    created_at: s.createdAt,
    run_dir: s.runDir,
    task: s.task,
    model: s.model,
    problems: s.problems,
    samples: s.samples,
    pass_at_1: s.passAt1,
  };
}
