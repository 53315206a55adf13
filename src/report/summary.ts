import { resolve } from 'node:path';
import { type AttemptRates, attemptRatesLine } from '../metrics/attempts.js';
import type { TamperCounts } from '../metrics/verdict-counts.js';
import { defaultDbPath } from '../store/db/paths.js';
import type { MetricsFile, TamperMetrics } from '../store/metrics-file.js';
import { formatTamper } from './html/headline.js';
import { oneLine, sampleLabel } from './terminal.js';

/** What the summary shows of a finished evaluation (EvaluateResult has this shape). */
export interface SummaryInput {
  metrics: MetricsFile;
  files: Record<string, string>;
  runId?: string;
}

/** The terminal summary: headline pass@k, verdict counts, and where the files are. */
export function formatSummary(taskName: string, result: SummaryInput): string {
  const metrics = result.metrics;
  const scores = metrics[taskName] as Record<string, number>;
  const lines = [`${taskName}: ${metrics.problems} problems, ${metrics.samples} samples`];
  if (metrics.suites === undefined) {
    for (const [name, value] of Object.entries(scores))
      lines.push(`  ${name} = ${value.toFixed(4)}${intervalText(metrics, name)}`);
  } else {
    // Suites (EvalPlus base / plus): every suite's score side by side; the last is the headline.
    const suites = Object.entries(metrics.suites);
    for (const [index, [suite, suiteScores]] of suites.entries()) {
      const headline = index === suites.length - 1;
      const source = headline ? metrics.uncertainty : metrics.suite_uncertainty?.[suite];
      for (const [name, value] of Object.entries(suiteScores)) {
        const interval = intervalText(metrics, name, source);
        const mark = headline && suites.length > 1 ? '  (headline)' : '';
        lines.push(`  ${suite.padEnd(4)} ${name} = ${value.toFixed(4)}${interval}${mark}`);
      }
    }
  }
  // MultiPL-E's JS/TS score with loose equality; the strict figure beside it.
  for (const [name, value] of Object.entries(metrics.strict_equality_pass_at_k ?? {}))
    lines.push(
      `  strict equality ${name} = ${value.toFixed(4)} (LooseEqualityOnly samples failed)`,
    );
  const cheating = metrics.tamper && formatTamper(tamperCounts(metrics.tamper, metrics.samples));
  if (cheating) lines.push(`  ${cheating}`);
  const attempts = metrics['attempts'] as AttemptRates | undefined;
  if (attempts !== undefined) lines.push(`  ${attemptRatesLine(attempts)}`);
  // Tasks with a breakdown (DS-1000: by library): each group's pass@k on one line.
  for (const [group, scores] of Object.entries(metrics.breakdown?.groups ?? {})) {
    const { problems, samples: _samples, ...passAtK } = scores;
    const values = Object.entries(passAtK).map(([name, value]) => `${name} = ${value.toFixed(4)}`);
    lines.push(`  ${metrics.breakdown?.by} ${group} (${problems} problems): ${values.join(', ')}`);
  }
  // Tasks with problems that cannot run here (counted as failures above): the score without them.
  const runnable = metrics.runnable;
  if (runnable !== undefined && runnable.problems < runnable.total) {
    const values = Object.entries(runnable.pass_at_k).map(([k, v]) => `${k} = ${v.toFixed(4)}`);
    lines.push(
      `  runnable here (${runnable.problems} of ${runnable.total} problems; the rest count as failures above): ${values.join(', ') || 'no score'}`,
    );
  }
  const statuses = Object.entries(metrics.statuses)
    .map(([status, count]) => `${status} ${count}`)
    .join(', ');
  lines.push(`  verdicts: ${statuses}`);
  const errors = Object.entries(metrics.error_types)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([type, count]) => `${sampleLabel(type)} ${count}`);
  if (errors.length > 0) lines.push(`  top errors: ${errors.join(', ')}`);
  lines.push(`  sandbox: ${metrics.execution.sandbox} (isolation: ${metrics.execution.isolation})`);
  for (const [role, file] of Object.entries(result.files)) lines.push(`  ${role}: ${file}`);
  if (result.runId !== undefined) {
    lines.push(`  run id: ${result.runId} (${showCommand(result.runId, result.files['db'])})`);
  }
  // Every line one line of plain text, whatever a sample made its error type say.
  return `${lines.map((line) => oneLine(line)).join('\n')}\n`;
}

/**
 * How to show the run again: `passk runs`/`show` read $PASSK_DB, else passk-runs/passk.db here;
 * a run recorded elsewhere (beside an --output-dir in another folder) needs its --db.
 */
function showCommand(runId: string, db: string | undefined): string {
  const elsewhere = db !== undefined && resolve(db) !== defaultDbPath();
  return `passk show ${runId}${elsewhere ? ` --db ${db}` : ''}`;
}

/** metrics.json `tamper` as the counts formatTamper reads (`samples`: the scored ones, Σ n). */
function tamperCounts(tamper: TamperMetrics, samples: number): TamperCounts {
  return {
    total: tamper.samples,
    byReason: tamper.by_reason,
    scored: samples,
    rate: tamper.cheating_rate,
  };
}

/** ` (95% CI a–b, SE s)` from metrics.json `uncertainty` (see metrics/uncertainty.ts). */
function intervalText(
  metrics: SummaryInput['metrics'],
  name: string,
  source = metrics.uncertainty,
): string {
  // Tasks with their own metric keep their own keys: the pass@k intervals do not belong there.
  if (metrics.metric.name !== 'pass@k') return '';
  const entry = source?.[name];
  if (entry === undefined || typeof entry !== 'object') return '';
  const level = Math.round((source?.confidence ?? 0.95) * 100);
  return ` (${level}% CI ${entry.lower.toFixed(4)}–${entry.upper.toFixed(4)}, SE ${entry.standard_error.toFixed(4)}; bootstrap over problems)`;
}
