import { createHash } from 'node:crypto';
import { type Comparison, compareRuns } from '../../compare/compare.js';
import { PasskError } from '../../core/errors.js';
import { PASSK_VERSION } from '../../core/version.js';
import type { RunRecord } from '../../store/records.js';
import { runLabel } from '../labels.js';
import { failureBreakdown, passAtKCurve, problemTallies } from './analysis.js';
import { CLIENT_SCRIPT } from './client.js';
import { comparisonKsHtml, comparisonsAtKs } from './compare-ks.js';
import { datesHtml } from './dates.js';
import { distributionHtml, problemsSectionHtml, runDetailHtml } from './detail-sections.js';
import { escapeHtml, jsonForScript } from './escape.js';
import type { GeneratedSample } from './generation.js';
import { gridHtml, legendHtml, statusCounts } from './grid.js';
import { headline } from './headline.js';
import { type IntervalFn, noIntervals } from './intervals.js';
import { buildPayload } from './payload.js';
import { problemRows } from './problems.js';
import {
  comparisonHtml,
  curveTableHtml,
  noComparisonHtml,
  provenanceHtml,
  runCardHtml,
} from './sections.js';
import { reportCss } from './style.js';
import { barsSvg } from './svg-bars.js';
import { curveSvg } from './svg-curve.js';
import { runColor, verdictStyle } from './verdicts.js';

/**
 * The page's script is allowed by its hash, not by 'unsafe-inline': even if some text slipped
 * past the escaping, a script it injected would not run.
 */
const SCRIPT_HASH = `sha256-${createHash('sha256').update(CLIENT_SCRIPT).digest('base64')}`;

export interface RenderOptions {
  /** Where intervals come from; default none (`passk report` passes defaultIntervals). */
  intervals?: IntervalFn;
  /**
   * For two runs: their comparison (compare's compareRuns, pass@1), computed here when not given.
   */
  comparison?: Comparison;
  /** Page title; default 'passk report'. */
  title?: string;
  /** Defaults to now (fixed in tests for byte-stable output). */
  generatedAt?: Date;
  /** Per run, its generations journal's samples (tokens, latency), where the run has one. */
  generations?: readonly (readonly GeneratedSample[] | undefined)[];
}

/** A short, distinct name per run: its label or model (or task) plus id (see labels.ts). */
export function runLabels(runs: readonly RunRecord[]): string[] {
  return runs.map(runLabel);
}

/**
 * The whole report as one self-contained HTML document: inline CSS, inline SVG charts rendered
 * here, one inline script, and the samples' texts in a JSON block. Nothing is fetched when it is
 * viewed. Every string from a run goes through escapeHtml or jsonForScript (see escape.ts).
 *
 * @param runs one or more runs; with exactly two, a comparison section is added (B against A)
 */
export function renderReport(runs: readonly RunRecord[], options: RenderOptions = {}): string {
  if (runs.length === 0) throw new Error('renderReport: no runs');
  const intervals = options.intervals ?? noIntervals;
  const labels = runLabels(runs);
  const title = options.title ?? 'passk report';
  const generatedAt = (options.generatedAt ?? new Date()).toISOString().replace(/\.\d+Z$/, 'Z');
  const heads = runs.map((run) => headline(run, intervals));
  const cards = runs.map((run, i) => runCardHtml(run, labels[i]!, runColor(i), heads[i]!));
  const rows = problemRows(runs);
  const series = runs.map((run, i) => ({
    label: labels[i]!,
    color: runColor(i),
    points: passAtKCurve(problemTallies(run), intervals),
  }));
  const curve = `<div class="curve-row">${curveSvg(series)}${curveTableHtml(series)}</div>`;
  const comparison =
    runs.length === 2 ? comparisonSection(runs[0]!, runs[1]!, labels, options.comparison) : '';
  const intervalNote =
    intervals === noIntervals
      ? 'no intervals computed'
      : 'shaded: 95% confidence interval (bootstrap over problems)';
  const payload = buildPayload(runs, labels);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src '${SCRIPT_HASH}'; img-src data:">
<title>${escapeHtml(title)}</title>
<style>${reportCss()}</style>
</head>
<body>
<header class="top"><h1>${escapeHtml(title)}</h1><p>${runs.length === 1 ? '1 run' : `${runs.length} runs`} · generated ${escapeHtml(generatedAt)} by passk ${escapeHtml(PASSK_VERSION)}</p></header>
<main>
<div class="cards">${cards.join('')}</div>
${comparison}
<section class="panel" id="curve"><h2>pass@k over k</h2><p class="muted">Unbiased estimator (Chen et al. 2021), mean over problems; ${intervalNote}.</p>${curve}</section>
${distributionHtml(rows, labels)}
${problemsSectionHtml(runs, labels, heads, rows)}
<div class="runs runs-${runs.length === 2 ? 2 : 1}">${runs
    .map(
      (run, i) =>
        `<div class="run-col">${runSection(run, i, labels[i]!, runs.length === 1)}${runDetailHtml(run, i, options.generations?.[i], runSuffix(i))}</div>`,
    )
    .join('\n')}</div>
<footer>Click a cell to see its prompt, program and error. This file is self-contained: it loads nothing from the network.</footer>
</main>
${detailPanel()}
<script type="application/json" id="passk-data">${jsonForScript(payload)}</script>
<script>${CLIENT_SCRIPT}</script>
</body>
</html>
`;
}

/** B against A, every changed problem listed; a note instead when they cannot be compared. */
function comparisonSection(
  a: RunRecord,
  b: RunRecord,
  labels: readonly string[],
  given: Comparison | undefined,
): string {
  try {
    const comparison = given ?? compareRuns(a, b, { topChanges: Number.POSITIVE_INFINITY });
    return comparisonHtml(
      comparison,
      [labels[0]!, labels[1]!],
      comparisonKsHtml(comparisonsAtKs(a, b)),
    );
  } catch (error) {
    if (error instanceof PasskError) return noComparisonHtml(error.message);
    throw error;
  }
}

function runSection(run: RunRecord, index: number, label: string, single: boolean): string {
  const breakdown = failureBreakdown(run);
  const statusBars = breakdown.byStatus.map(([status, count]) => ({
    label: verdictStyle(status).label,
    value: count,
    color: verdictStyle(status).color,
  }));
  const failing = breakdown.total - (breakdown.byStatus.find(([s]) => s === 'passed')?.[1] ?? 0);
  const errorBars = breakdown.byErrorType
    .slice(0, 12)
    .map(([type, count]) => ({ label: type, value: count, color: '#8896ab' }));
  const heading = (text: string) => `${escapeHtml(text)}${runSuffix(index)}`;
  return `<div class="row">
<section class="panel"><h2>${heading('Verdicts')}</h2>${barsSvg(statusBars, breakdown.total, 'samples by verdict')}</section>
<section class="panel"><h2>${heading('Error types')} <span class="muted">of ${failing} samples that did not pass</span></h2>${barsSvg(errorBars, failing, 'failures by error type')}</section>
</div>
${datesHtml(run, heading('Release dates'))}
<section class="panel" id="grid-${index}">
<h2>${heading('Problems × samples')} <span class="muted">${escapeHtml(label)}</span></h2>
${legendHtml(statusCounts(run))}
<div class="toolbar"><label><input type="checkbox" data-filter="${index}"> only problems with a failing sample</label></div>
${gridHtml(run, index)}
</section>
<section class="panel"><details${single ? ' open' : ''}><summary><strong>Provenance</strong> · ${escapeHtml(label)}</summary>${provenanceHtml(run)}</details></section>`;
}

/** ' · run 2' after a heading when the report has several runs; the index is ours, not input. */
function runSuffix(index: number): string {
  return index === 0 ? '' : ` <span class="muted">· run ${index + 1}</span>`;
}

function detailPanel(): string {
  return `<aside id="detail" hidden aria-live="polite">
<header><h2 data-field="title"></h2><span data-field="status" class="badge"></span><button type="button" class="close">Close</button></header>
<dl><dt>run</dt><dd data-field="run"></dd><dt>error</dt><dd data-field="error" class="mono"></dd><dt>duration</dt><dd data-field="duration"></dd></dl>
<h3>Program</h3><pre data-field="program"></pre>
<h3>Prompt</h3><pre data-field="prompt"></pre>
<details><summary>Tests</summary><pre data-field="tests"></pre></details>
</aside>`;
}
