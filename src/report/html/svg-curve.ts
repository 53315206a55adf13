import type { CurvePoint } from './analysis.js';
import { escapeHtml } from './escape.js';
import { formatScore } from './headline.js';

export interface CurveSeries {
  label: string;
  color: string;
  points: readonly CurvePoint[];
}

const WIDTH = 640;
const HEIGHT = 300;
const MARGIN = { left: 64, right: 20, top: 18, bottom: 44 };
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;
/** One line per series above the plot: its colour and name. */
const LEGEND_ROW = 18;
/** A name longer than this is cut (the table beside the chart has it in full). */
const LEGEND_CHARS = 72;

const fixed = (v: number) => v.toFixed(1);

/**
 * The pass@k curve as inline SVG: one line per run, a shaded band and error bars where there
 * are intervals. k runs on a log axis once it reaches 10 (pass@1 … pass@100 would otherwise
 * crowd into the left edge); pass@k always spans 0–100%, so runs are never made to look
 * further apart than they are.
 */
export function curveSvg(series: readonly CurveSeries[]): string {
  const ks = series.flatMap((s) => s.points.map((p) => p.k));
  if (ks.length === 0) return '<p class="muted">No pass@k values: no sample has a verdict.</p>';
  const maxK = Math.max(...ks);
  const log = maxK >= 10;
  const [lo, hi] = log ? [-0.08, Math.log10(maxK) + 0.08] : [0.5, maxK + 0.5];
  const x = (k: number) => MARGIN.left + (((log ? Math.log10(k) : k) - lo) / (hi - lo)) * PLOT_W;
  // The series' names sit above the plot, never in it: a curve can run anywhere inside
  // (a weak model's along the bottom, a strong one's along the top).
  const top = MARGIN.top + LEGEND_ROW * series.length;
  const height = top + PLOT_H + MARGIN.bottom;
  const y = (v: number) => top + (1 - v) * PLOT_H;
  const parts: string[] = [];
  for (let v = 0; v <= 1.0001; v += 0.2) {
    parts.push(
      `<line class="grid" x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${fixed(y(v))}" y2="${fixed(y(v))}"/>`,
      `<text class="tick" x="${MARGIN.left - 8}" y="${fixed(y(v) + 4)}" text-anchor="end">${Math.round(v * 100)}%</text>`,
    );
  }
  for (const k of [...new Set(ks)].sort((a, b) => a - b)) {
    parts.push(
      `<text class="tick" x="${fixed(x(k))}" y="${height - MARGIN.bottom + 18}" text-anchor="middle">${k}</text>`,
    );
  }
  parts.push(
    `<text class="axis-label" x="${MARGIN.left + PLOT_W / 2}" y="${height - 6}" text-anchor="middle">k (samples drawn)${log ? ', log scale' : ''}</text>`,
    `<text class="axis-label" transform="translate(14 ${top + PLOT_H / 2}) rotate(-90)" text-anchor="middle">pass@k</text>`,
  );
  for (const s of series) parts.push(seriesSvg(s, x, y));
  series.forEach((s, i) => {
    const row = 6 + i * LEGEND_ROW;
    const name = s.label.length > LEGEND_CHARS ? `${s.label.slice(0, LEGEND_CHARS - 1)}…` : s.label;
    parts.push(
      `<rect x="${MARGIN.left}" y="${row}" width="12" height="12" rx="2" fill="${s.color}"/>`,
      `<text class="legend" x="${MARGIN.left + 18}" y="${row + 10}">${escapeHtml(name)}</text>`,
    );
  });
  return `<svg class="chart curve" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="pass@k curve">${parts.join('')}</svg>`;
}

function seriesSvg(s: CurveSeries, x: (k: number) => number, y: (v: number) => number): string {
  const parts: string[] = [];
  const withInterval = s.points.filter((p) => p.interval !== undefined);
  if (withInterval.length > 1) {
    const upper = withInterval.map((p) => `${fixed(x(p.k))},${fixed(y(p.interval!.upper))}`);
    const lower = withInterval.map((p) => `${fixed(x(p.k))},${fixed(y(p.interval!.lower))}`);
    parts.push(
      `<polygon points="${[...upper, ...lower.reverse()].join(' ')}" fill="${s.color}" fill-opacity="0.15"/>`,
    );
  }
  if (s.points.length > 1) {
    const line = s.points.map((p) => `${fixed(x(p.k))},${fixed(y(p.value))}`).join(' ');
    parts.push(`<polyline points="${line}" fill="none" stroke="${s.color}" stroke-width="2"/>`);
  }
  for (const p of s.points) {
    const cx = fixed(x(p.k));
    if (p.interval) {
      const [top, bottom] = [fixed(y(p.interval.upper)), fixed(y(p.interval.lower))];
      parts.push(
        `<line x1="${cx}" x2="${cx}" y1="${top}" y2="${bottom}" stroke="${s.color}" stroke-width="1.5"/>`,
        `<line x1="${fixed(x(p.k) - 4)}" x2="${fixed(x(p.k) + 4)}" y1="${top}" y2="${top}" stroke="${s.color}"/>`,
        `<line x1="${fixed(x(p.k) - 4)}" x2="${fixed(x(p.k) + 4)}" y1="${bottom}" y2="${bottom}" stroke="${s.color}"/>`,
      );
    }
    const tip = `${s.label}: pass@${p.k} = ${formatScore(p)}`;
    parts.push(
      `<circle cx="${cx}" cy="${fixed(y(p.value))}" r="4" fill="${s.color}"><title>${escapeHtml(tip)}</title></circle>`,
    );
  }
  return `<g class="series">${parts.join('')}</g>`;
}
