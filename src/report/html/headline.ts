import { suiteCounts } from '../../compare/suites.js';
import { countTamper, type TamperCounts } from '../../metrics/verdict-counts.js';
import type { RunRecord } from '../../store/records.js';
import { type CurvePoint, passAtKCurve, problemTallies } from './analysis.js';
import type { IntervalFn } from './intervals.js';

/** The numbers a run is quoted by, shared by `passk show` and the HTML report. */
export interface Headline {
  problems: number;
  samples: number;
  /** The ks metrics.json reports (e.g. pass@1, pass@10), recomputed with intervals. */
  scores: CurvePoint[];
  /** Samples the sandbox could not judge (left out of n). */
  infraErrors: number;
  /**
   * Samples flagged as an attack on the harness and the cheating rate (flagged / scored), from
   * the verdicts, so runs recorded before metrics.json counted them read the same way.
   */
  tamper: TamperCounts;
  /**
   * HumanEval+/MBPP+: each suite's pass@k with intervals (base, then plus = `scores`); absent for
   * tasks without suites.
   */
  suites?: { suite: string; scores: CurvePoint[] }[];
}

/** The ks a run's metrics.json reports; [1] for a run without metrics. */
export function reportedKs(run: RunRecord): number[] {
  const scores = run.metrics?.[run.summary.task];
  if (scores === null || typeof scores !== 'object') return [1];
  return Object.keys(scores)
    .map((key) => Number(key.replace(/^pass@/, '')))
    .filter((k) => Number.isSafeInteger(k) && k > 0)
    .sort((a, b) => a - b);
}

/**
 * Headline pass@k of a run. The values are recomputed from the stored verdicts (the same
 * estimator and exclusions as metrics.json, so they agree) because the intervals need the
 * per-problem values anyway.
 */
export function headline(run: RunRecord, intervals: IntervalFn): Headline {
  const tallies = problemTallies(run);
  const suites = suiteCounts(run).map(({ suite, counts }) => ({
    suite,
    scores: passAtKCurve(
      counts.map((c) => ({ ...c, infraErrors: 0 })),
      intervals,
      reportedKs(run),
    ),
  }));
  return {
    problems: tallies.length,
    samples: tallies.reduce((sum, t) => sum + t.n, 0),
    scores: passAtKCurve(tallies, intervals, reportedKs(run)),
    infraErrors: tallies.reduce((sum, t) => sum + t.infraErrors, 0),
    tamper: countTamper(run.results),
    ...(suites.length === 0 ? {} : { suites }),
  };
}

/**
 * 'cheating rate 2.4% (4 of 164 samples flagged: trace-hook 3, result-fd 1)', or undefined for a
 * run with no flag. Shown only when non-zero: a zero says nothing (detection covers the listed
 * classes only) and would be misread on runs from before passk flagged tampering.
 */
export function formatTamper(tamper: TamperCounts): string | undefined {
  if (tamper.total === 0 || tamper.rate === null) return undefined;
  const reasons = Object.entries(tamper.byReason)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');
  const rate = (tamper.rate * 100).toFixed(1);
  return `cheating rate ${rate}% (${tamper.total} of ${tamper.scored} samples flagged: ${reasons})`;
}

/** 0.8415 → '84.1%'; with an interval, '84.1% [78.0, 89.6]'. */
export function formatScore(point: CurvePoint): string {
  const pct = (v: number) => (v * 100).toFixed(1);
  const interval = point.interval;
  return interval === undefined
    ? `${pct(point.value)}%`
    : `${pct(point.value)}% [${pct(interval.lower)}, ${pct(interval.upper)}]`;
}
