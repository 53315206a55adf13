import type { RunRecord } from '../../store/records.js';
import { escapeHtml } from './escape.js';
import { exportLinksHtml, problemsCsv, reportJson, samplesCsv } from './export.js';
import { failureMessagesHtml } from './failures.js';
import { type GeneratedSample, generationHtml, generationStats } from './generation.js';
import type { Headline } from './headline.js';
import { problemTableHtml } from './problem-table.js';
import type { ProblemRow } from './problems.js';
import { histogramSvg } from './svg-histogram.js';
import { scatterSvg } from './svg-scatter.js';
import { runColor } from './verdicts.js';

/** Per-problem pass rates: a histogram per run and, for two runs, A against B. */
export function distributionHtml(rows: readonly ProblemRow[], labels: readonly string[]): string {
  const series = labels.map((label, i) => ({
    label,
    color: runColor(i),
    rates: rows.flatMap((r) => (r.cells[i] === undefined ? [] : [r.cells[i]!.rate])),
  }));
  const legend =
    labels.length > 1
      ? `<div class="legend">${series.map((s) => `<span class="legend-item"><span class="swatch" style="background:${s.color}"></span>${escapeHtml(s.label)}</span>`).join('')}</div>`
      : '';
  const scatter =
    labels.length === 2
      ? `<div class="scatter-box"><h3>A against B, per problem</h3>${scatterSvg(rows, [labels[0]!, labels[1]!])}<p class="muted">One circle per pass-rate pair (bigger: more problems; hover for their ids). Above the diagonal B did better.</p></div>`
      : '';
  return `<section class="panel" id="distribution"><h2>Problems by pass rate</h2>${legend}<div class="curve-row"><div><h3>Pass-rate histogram</h3>${histogramSvg(series)}</div>${scatter}</div></section>`;
}

/** The sortable problem table with the CSV / JSON downloads above it. */
export function problemsSectionHtml(
  runs: readonly RunRecord[],
  labels: readonly string[],
  heads: readonly Headline[],
  rows: readonly ProblemRow[],
): string {
  const exports = exportLinksHtml([
    { name: 'problems.csv', type: 'text/csv', body: problemsCsv(rows, labels) },
    { name: 'samples.csv', type: 'text/csv', body: samplesCsv(runs, labels) },
    { name: 'report.json', type: 'application/json', body: reportJson(runs, labels, heads, rows) },
  ]);
  return `<section class="panel" id="problems"><h2>Problems <span class="muted">click a column to sort</span></h2>${exports}${problemTableHtml(rows, labels)}</section>`;
}

/** A run's failure messages per error type and its generation statistics, side by side. */
export function runDetailHtml(
  run: RunRecord,
  index: number,
  journal: readonly GeneratedSample[] | undefined,
  suffix: string,
): string {
  return `<div class="row">
<section class="panel" id="failures-${index}"><h2>Failure messages by error type${suffix}</h2>${failureMessagesHtml(run)}</section>
<section class="panel" id="generation-${index}"><h2>Generation${suffix}</h2>${generationHtml(generationStats(run, journal))}</section>
</div>`;
}
