import { type Comparison, compareRuns } from '../../compare/compare.js';
import { PasskError } from '../../core/errors.js';
import type { RunRecord } from '../../store/records.js';
import { curveKs } from './analysis.js';

/** B against A at every k both runs reach (1, 2, 3, 5, 10, …), each paired on the shared problems. */
export function comparisonsAtKs(a: RunRecord, b: RunRecord): Comparison[] {
  const minN = (run: RunRecord) => Math.min(...(run.metrics?.per_problem ?? []).map((p) => p.n));
  const maxK = Math.min(minN(a), minN(b));
  if (!Number.isFinite(maxK) || maxK < 1) return [];
  const out: Comparison[] = [];
  for (const k of curveKs(maxK)) {
    try {
      out.push(compareRuns(a, b, { k, topChanges: 0 }));
    } catch (error) {
      if (!(error instanceof PasskError)) throw error;
    }
  }
  return out;
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const pts = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : '±'}${(Math.abs(v) * 100).toFixed(1)}`;

/** The comparison at each k as a table: A, B, B − A with its paired interval and p-value. */
export function comparisonKsHtml(comparisons: readonly Comparison[]): string {
  if (comparisons.length === 0) return '';
  const rows = comparisons.map((c) => {
    const d = c.difference;
    const p = d.pValue < 0.001 ? '< 0.001' : d.pValue.toPrecision(2);
    return `<tr data-k="${c.k}"><th scope="row">pass@${c.k}</th><td>${pct(c.a.stat.estimate)}</td><td>${pct(c.b.stat.estimate)}</td><td><strong>${pts(d.interval.estimate)}</strong> <span class="muted">[${pts(d.interval.lower)}, ${pts(d.interval.upper)}]</span></td><td>${p}</td><td>${c.compared}</td></tr>`;
  });
  return `<h3>At each k</h3><table class="curve-table ks-table"><thead><tr><th></th><th>A</th><th>B</th><th>B − A (points, ${Math.round(comparisons[0]!.difference.interval.confidence * 100)}% CI)</th><th>sign-flip p</th><th>problems</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
