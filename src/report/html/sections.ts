import type { RunDetail } from '../../store/db/types.js';
import type { Comparison, ProblemChange } from './analysis.js';
import { escapeHtml } from './escape.js';
import type { Headline } from './headline.js';

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/** One card per run: what it is and its headline pass@k with intervals. */
export function runCardHtml(run: RunDetail, label: string, color: string, head: Headline): string {
  const scores = head.scores.map(
    (p) =>
      `<div class="score"><span class="score-k">pass@${p.k}</span><span class="score-v">${escapeHtml(pct(p.value))}</span>${
        p.interval
          ? `<span class="score-ci">${Math.round(p.interval.confidence * 100)}% CI ${escapeHtml(pct(p.interval.lower))} – ${escapeHtml(pct(p.interval.upper))}</span>`
          : ''
      }</div>`,
  );
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
<div class="scores">${scores.join('') || '<span class="muted">no pass@k: nothing was executed</span>'}</div>
<dl class="facts">${facts.map(([k, v]) => `<dt>${escapeHtml(k!)}</dt><dd>${escapeHtml(v!)}</dd>`).join('')}</dl>
</section>`;
}

/** The provenance table: where the numbers came from, one row per fact. */
export function provenanceHtml(run: RunDetail): string {
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
export function comparisonHtml(c: Comparison, labels: [string, string]): string {
  const [a, b] = labels.map(escapeHtml) as [string, string];
  const sign = (v: number) => (v > 0 ? '+' : v < 0 ? '−' : '±');
  const diff = `${sign(c.passAt1.difference)}${(Math.abs(c.passAt1.difference) * 100).toFixed(1)} points`;
  const ci = c.interval
    ? ` <span class="muted">(${Math.round(c.interval.confidence * 100)}% CI ${(c.interval.lower * 100).toFixed(1)} to ${(c.interval.upper * 100).toFixed(1)})</span>`
    : '';
  const list = (changes: ProblemChange[], empty: string) =>
    changes.length === 0
      ? `<p class="muted">${empty}</p>`
      : `<ul class="changes">${changes
          .map(
            (ch) =>
              `<li><span class="mono">${escapeHtml(ch.problemId)}</span> <span class="muted">${pct(ch.a)} → ${pct(ch.b)}</span></li>`,
          )
          .join('')}</ul>`;
  return `<section class="panel" id="comparison">
<h2>Comparison</h2>
<p>On the <strong>${c.common}</strong> problems both runs scored: pass@1 <strong>${pct(c.passAt1.a)}</strong> (${a}) → <strong>${pct(c.passAt1.b)}</strong> (${b}), <strong>${diff}</strong>${ci}.</p>
<div class="two-col">
<div><h3>Better in ${b} <span class="muted">(${c.improved.length})</span></h3>${list(c.improved, 'none')}</div>
<div><h3>Worse in ${b} <span class="muted">(${c.regressed.length})</span></h3>${list(c.regressed, 'none')}</div>
</div>
</section>`;
}
