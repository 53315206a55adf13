import type { MetricsFile } from '../store/metrics-file.js';
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
      lines.push(`  ${name} = ${value.toFixed(4)}`);
  } else {
    // Suites (EvalPlus base / plus): every suite's score; the last one is the headline.
    for (const [suite, suiteScores] of Object.entries(metrics.suites)) {
      for (const [name, value] of Object.entries(suiteScores)) {
        lines.push(`  ${suite} ${name} = ${value.toFixed(4)}`);
      }
    }
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
    lines.push(`  run id: ${result.runId} (passk show ${result.runId})`);
  }
  // Every line one line of plain text, whatever a sample made its error type say.
  return `${lines.map((line) => oneLine(line)).join('\n')}\n`;
}
