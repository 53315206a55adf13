import type { RunRecord } from '../../store/records.js';
import { escapeHtml } from './escape.js';
import type { Headline } from './headline.js';
import type { ProblemRow } from './problems.js';

/** A CSV field: quoted when needed; text that a spreadsheet would run as a formula is defused. */
function csvField(value: string | number | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csv = (rows: readonly (readonly (string | number | undefined)[])[]) =>
  `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;

/** One row per (run, problem): n, c, pass rate, per-suite passes, most common failure. */
export function problemsCsv(rows: readonly ProblemRow[], labels: readonly string[]): string {
  const suites = [
    ...new Set(rows.flatMap((r) => r.cells.flatMap((c) => Object.keys(c?.suites ?? {})))),
  ];
  const out: (string | number | undefined)[][] = [
    ['run', 'problem', 'n', 'c', 'pass_rate', ...suites.map((s) => `${s}_c`), 'top_failure'],
  ];
  for (const row of rows) {
    row.cells.forEach((cell, i) => {
      if (cell === undefined) return;
      out.push([
        labels[i],
        row.id,
        cell.n,
        cell.c,
        cell.rate,
        ...suites.map((s) => cell.suites?.[s]),
        cell.topError,
      ]);
    });
  }
  return csv(out);
}

/** One row per sample: run, problem, sample, status, error type, message, duration. */
export function samplesCsv(runs: readonly RunRecord[], labels: readonly string[]): string {
  const out: (string | number | undefined)[][] = [
    ['run', 'problem', 'sample', 'status', 'error_type', 'message', 'duration_ms'],
  ];
  runs.forEach((run, i) => {
    for (const s of run.samples) {
      const v = s.verdict;
      out.push([
        labels[i],
        s.problemId,
        s.sample,
        v?.status ?? 'not executed',
        v?.errorType,
        v?.message?.slice(0, 500),
        v?.durationMs,
      ]);
    }
  });
  return csv(out);
}

/** The report's numbers as JSON: each run's headline (with intervals) and the problem table. */
export function reportJson(
  runs: readonly RunRecord[],
  labels: readonly string[],
  heads: readonly Headline[],
  rows: readonly ProblemRow[],
): string {
  return JSON.stringify(
    {
      runs: runs.map((run, i) => ({
        label: labels[i],
        id: run.summary.id,
        task: run.summary.task,
        model: run.summary.model,
        run_dir: run.summary.runDir,
        headline: heads[i],
      })),
      problems: rows.map((r) => ({ id: r.id, runs: r.cells.map((c) => c ?? null) })),
    },
    null,
    2,
  );
}

/**
 * Download links whose data is inlined as data: URLs, so the report stays one file that
 * fetches nothing (a CSP of default-src 'none' does not cover downloads the user clicks).
 */
export function exportLinksHtml(
  files: readonly { name: string; type: string; body: string }[],
): string {
  const links = files.map(
    (f) =>
      `<a class="download" download="${escapeHtml(f.name)}" href="data:${f.type};charset=utf-8,${encodeURIComponent(f.body)}">${escapeHtml(f.name)}</a>`,
  );
  return `<div class="exports">Download: ${links.join(' ')}</div>`;
}
