import type { RunRecord, RunSummary } from '../store/records.js';
import { failureBreakdown } from './html/analysis.js';
import { formatScore, formatTamper, headline } from './html/headline.js';
import { defaultIntervals } from './html/intervals.js';
import { oneLine, sampleLabel } from './terminal.js';

/**
 * `passk show`: the same headline numbers (and intervals) as the HTML report's card, verdict
 * counts, top error types and provenance in one screen.
 */
export function formatRunSummary(run: RunRecord): string {
  const s = run.summary;
  const head = headline(run, defaultIntervals);
  const p = run.provenance;
  const breakdown = failureBreakdown(run);
  const lines = [
    `run ${s.id}  ${s.task} · ${s.model ?? 'unknown model'}  (${s.createdAt.slice(0, 19).replace('T', ' ')} UTC)`,
  ];
  if (p.model?.label !== undefined) lines.push(`  label: ${p.model.label}`);
  if (s.runDir) lines.push(`  dir: ${s.runDir}`);
  lines.push(`  ${head.problems} problems, ${head.samples} samples`);
  if (head.suites === undefined) {
    for (const point of head.scores) lines.push(`  pass@${point.k} = ${formatScore(point)}`);
  } else {
    // HumanEval+/MBPP+: base and plus side by side, labelled; plus is the headline.
    for (const { suite, scores } of head.suites) {
      for (const point of scores)
        lines.push(`  ${suite.padEnd(4)} pass@${point.k} = ${formatScore(point)}`);
    }
  }
  const cheating = formatTamper(head.tamper);
  if (cheating !== undefined) lines.push(`  ${cheating}`);
  if (head.infraErrors > 0) lines.push(`  not judged (sandbox failure): ${head.infraErrors}`);
  const verdicts = breakdown.byStatus.map(([status, n]) => `${status} ${n}`).join(', ');
  lines.push(`  verdicts: ${verdicts || 'none'}`);
  const errors = breakdown.byErrorType.slice(0, 5).map(([type, n]) => `${sampleLabel(type)} ${n}`);
  if (errors.length > 0) lines.push(`  top errors: ${errors.join(', ')}`);
  if (p.dataset)
    lines.push(`  dataset: ${p.dataset.file} (sha256 ${p.dataset.sha256.slice(0, 12)}…)`);
  if (p.execution) {
    lines.push(
      `  sandbox: ${String(p.execution['sandbox'])} (isolation: ${String(p.execution['isolation'])})`,
    );
  }
  if (p.model?.sampling) lines.push(`  sampling: ${JSON.stringify(p.model.sampling)}`);
  const tools = Object.entries(p.toolchain).map(([tool, v]) => `${tool} ${v}`);
  const m = p.machine;
  lines.push(
    `  passk ${p.passkVersion} · ${tools.join(' · ')} · ${m.os} ${m.arch}, ${m.cpus} cpus, ${(m.memoryBytes / 1024 ** 3).toFixed(0)} GiB`,
  );
  // Every line one line of plain text, whatever a sample made its error type say.
  return `${lines.map((line) => oneLine(line)).join('\n')}\n`;
}

/** The `passk runs` table (fixed columns, pass@1 as a percentage). */
export function formatRuns(runs: readonly RunSummary[]): string {
  const rows = [
    ['id', 'time (UTC)', 'task', 'model', 'problems', 'samples', 'pass@1'],
    ...runs.map((r) => [
      r.id,
      r.createdAt.slice(0, 16).replace('T', ' '),
      r.task,
      r.model ?? '-',
      String(r.problems),
      String(r.samples),
      r.passAt1 === null ? '-' : `${(r.passAt1 * 100).toFixed(1)}%`,
    ]),
  ];
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  const numeric = new Set([4, 5, 6]);
  return `${rows
    .map((row) =>
      row
        .map((cell, col) =>
          numeric.has(col) ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n')}\n`;
}
