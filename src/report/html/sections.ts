import type { Comparison, ProblemChange } from '../../compare/compare.js';
import type { RunRecord } from '../../store/records.js';
import type { CurvePoint } from './analysis.js';
import { escapeHtml } from './escape.js';
import { formatTamper, type Headline } from './headline.js';

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/** One card per run: what it is and its headline pass@k with intervals. */
export function runCardHtml(run: RunRecord, label: string, color: string, head: Headline): string {
  // HumanEval+/MBPP+: base and plus side by side, labelled; plus is the headline (last).
  const groups = head.suites ?? [{ suite: '', scores: head.scores }];
  // One row per suite, so base and plus line up k by k.
  const rows = groups.map(({ suite, scores: points }) =>
    points.map(
      (p) =>
        `<div class="score"${suite ? ` data-suite="${escapeHtml(suite)}"` : ''}><span class="score-k">${suite ? `${escapeHtml(suite)} ` : ''}pass@${p.k}</span><span class="score-v">${escapeHtml(pct(p.value))}</span>${
          p.interval
            ? `<span class="score-ci">${Math.round(p.interval.confidence * 100)}% CI ${escapeHtml(pct(p.interval.lower))} – ${escapeHtml(pct(p.interval.upper))}</span>`
            : ''
        }</div>`,
    ),
  );
  const scores = rows.flatMap((row) => (row.length === 0 ? [] : [row.join('')]));
  const scoresHtml =
    scores.length === 0
      ? '<div class="scores"><span class="muted">no pass@k: nothing was executed</span></div>'
      : scores.map((row) => `<div class="scores">${row}</div>`).join('') + tamperHtml(head);
  const facts = [
    ['task', run.summary.task],
    ['model', run.summary.model ?? 'unknown'],
    ['problems', String(head.problems)],
    ['samples', String(head.samples)],
    ['recorded', run.summary.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')],
    ...(head.infraErrors > 0 ? [['not judged (sandbox)', String(head.infraErrors)]] : []),
  ];
  return `<section class="card" style="border-top-color:${color}">
<h2>${escapeHtml(label)}</h2>
<div class="score-rows">${scoresHtml}</div>
<dl class="facts">${facts.map(([k, v]) => `<dt>${escapeHtml(k!)}</dt><dd>${escapeHtml(v!)}</dd>`).join('')}</dl>
</section>`;
}

/** The cheating rate beside pass@k, for a run with tamper flags (formatTamper says why only then). */
function tamperHtml(head: Headline): string {
  const text = formatTamper(head.tamper);
  if (text === undefined || head.tamper.rate === null) return '';
  return `<div class="scores"><div class="score score-tamper" title="${escapeHtml(text)}"><span class="score-k">cheating rate</span><span class="score-v">${escapeHtml(pct(head.tamper.rate))}</span><span class="score-ci">${head.tamper.total} of ${head.tamper.scored} samples flagged</span></div></div>`;
}

/** The provenance table: where the numbers came from, one row per fact. */
export function provenanceHtml(run: RunRecord): string {
  const p = run.provenance;
  const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  const rows: [string, string][] = [
    ['run id', run.summary.id],
    ['run directory', run.summary.runDir ?? '—'],
    ['passk version', p.passkVersion],
    ['dataset file', p.dataset?.file ?? '—'],
    ['dataset sha256', p.dataset?.sha256 ?? '—'],
    ['dataset source', p.dataset ? `${p.dataset.source} (hub: ${p.dataset.hub})` : '—'],
    ['dataset revision', p.dataset?.revision ?? '—'],
    ['model', p.model?.name ?? run.summary.model ?? '—'],
  ];
  if (p.model?.sampling) rows.push(['sampling', JSON.stringify(p.model.sampling)]);
  if (p.execution) {
    const { sandbox, isolation, workers, ...stats } = p.execution;
    rows.push([
      'sandbox',
      `${String(sandbox)} (isolation: ${String(isolation)}, ${String(workers)} workers)`,
    ]);
    if (Object.keys(stats).length > 0) rows.push(['executor counters', JSON.stringify(stats)]);
  }
  for (const [tool, version] of Object.entries(p.toolchain)) rows.push([tool, version]);
  const m = p.machine;
  rows.push(['machine', `${m.os}, ${m.arch}, ${m.cpus} × ${m.cpuModel}, ${gib(m.memoryBytes)}`]);
  rows.push(['config', JSON.stringify(run.config)]);
  const body = rows
    .map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  return `<table class="provenance">${body}</table>`;
}

/** Two runs side by side: pass@1 on the shared problems, B − A, and the problems that changed. */
export function comparisonHtml(c: Comparison, labels: [string, string], atKs = ''): string {
  const [a, b] = labels.map(escapeHtml) as [string, string];
  const sign = (v: number) => (v > 0 ? '+' : v < 0 ? '−' : '±');
  const interval = c.difference.interval;
  const diff = `${sign(interval.estimate)}${(Math.abs(interval.estimate) * 100).toFixed(1)} points`;
  const ci = ` <span class="muted">(paired bootstrap ${Math.round(interval.confidence * 100)}% CI ${(interval.lower * 100).toFixed(1)} to ${(interval.upper * 100).toFixed(1)}; sign-flip ${formatP(c.difference.pValue)})</span>`;
  const rate = (counts: ProblemChange['a']) => pct(counts.c / counts.n);
  const list = (changes: ProblemChange[], empty: string) =>
    changes.length === 0
      ? `<p class="muted">${empty}</p>`
      : `<ul class="changes">${changes
          .map(
            (ch) =>
              `<li><span class="mono">${escapeHtml(ch.problemId)}</span> <span class="muted">${rate(ch.a)} → ${rate(ch.b)}</span></li>`,
          )
          .join('')}</ul>`;
  const better = c.largestChanges.filter((ch) => ch.delta > 0);
  const worse = c.largestChanges.filter((ch) => ch.delta < 0);
  return `<section class="panel" id="comparison">
<h2>Comparison</h2>
${warningsHtml(c.warnings)}<p>On the <strong>${c.compared}</strong> problems both runs scored: pass@${c.k} <strong>${pct(c.a.stat.estimate)}</strong> (${a}) → <strong>${pct(c.b.stat.estimate)}</strong> (${b}), <strong>${diff}</strong>${ci}.</p>
${suiteComparisonHtml(c)}${atKs}
<div class="two-col">
<div><h3>Better in ${b} <span class="muted">(${better.length})</span></h3>${list(better, 'none')}</div>
<div><h3>Worse in ${b} <span class="muted">(${worse.length})</span></h3>${list(worse, 'none')}</div>
</div>
</section>`;
}

/**
 * What `passk compare` prints before its numbers (different tasks, dataset files or date
 * windows), in the same words: the p-values below are never shown without it.
 */
function warningsHtml(warnings: readonly string[]): string {
  return warnings
    .map((w) => `<p class="warning" role="note">warning: ${escapeHtml(w)}</p>\n`)
    .join('');
}

/** HumanEval+/MBPP+: the paired difference on base tests and on base + plus tests, labelled. */
function suiteComparisonHtml(c: Comparison): string {
  if (c.suites === undefined) return '';
  const rows = c.suites.map((s) => {
    const i = s.difference.interval;
    const pts = (v: number) =>
      `${v > 0 ? '+' : v < 0 ? '−' : '±'}${(Math.abs(v) * 100).toFixed(1)}`;
    return `<tr data-suite="${escapeHtml(s.suite)}"><th scope="row">${escapeHtml(s.suite)}</th><td>${pct(s.a.estimate)}</td><td>${pct(s.b.estimate)}</td><td><strong>${pts(i.estimate)}</strong> <span class="muted">[${pts(i.lower)}, ${pts(i.upper)}]</span></td><td>${formatP(s.difference.pValue)}</td><td>${s.improved.length} / ${s.regressed.length}</td></tr>`;
  });
  return `<h3>By test suite <span class="muted">(pass@${c.k}; plus counts a sample only if it also passed base)</span></h3><table class="curve-table suites-table"><thead><tr><th></th><th>A</th><th>B</th><th>B − A (points)</th><th>sign-flip</th><th>improved / regressed</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The comparison panel when the two runs cannot be compared (no shared problem, no scores). */
export function noComparisonHtml(reason: string): string {
  return `<section class="panel" id="comparison">
<h2>Comparison</h2>
<p class="muted">${escapeHtml(reason)}</p>
</section>`;
}

function formatP(p: number): string {
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toPrecision(2)}`;
}

/** The curve's numbers as a table beside it: k down, one column per run, with intervals. */
export function curveTableHtml(
  series: readonly { label: string; color: string; points: readonly CurvePoint[] }[],
): string {
  const ks = [...new Set(series.flatMap((s) => s.points.map((p) => p.k)))].sort((a, b) => a - b);
  const head = series
    .map(
      (s) =>
        `<th><span class="swatch" style="background:${s.color}"></span> ${escapeHtml(s.label)}</th>`,
    )
    .join('');
  const rows = ks.map((k) => {
    const cells = series.map((s) => {
      const p = s.points.find((point) => point.k === k);
      if (p === undefined) return '<td class="muted">—</td>';
      const ci = p.interval
        ? ` <span class="muted">[${(p.interval.lower * 100).toFixed(1)}, ${(p.interval.upper * 100).toFixed(1)}]</span>`
        : '';
      return `<td>${pct(p.value)}${ci}</td>`;
    });
    return `<tr><th scope="row">pass@${k}</th>${cells.join('')}</tr>`;
  });
  return `<table class="curve-table"><thead><tr><th></th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
