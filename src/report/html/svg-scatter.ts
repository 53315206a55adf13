import { escapeHtml } from './escape.js';
import type { ProblemRow } from './problems.js';

const S = 320;
/** Room for the ticks and axis labels; a side grows when a circle on it needs more. */
const PAD = { left: 58, right: 16, top: 14, bottom: 46 };
/** The largest radius: beyond it, area no longer grows with the number of problems. */
const MAX_R = 36;

const radius = (problems: number) => Math.min(MAX_R, 3 + 2.2 * Math.sqrt(problems));

/**
 * Two runs problem by problem: x = run A's pass rate, y = run B's. Problems at the same point
 * are one circle, its area growing with their number (hover: their ids). Above the diagonal B
 * did better, below it worse.
 */
export function scatterSvg(rows: readonly ProblemRow[], labels: readonly [string, string]): string {
  const points = new Map<string, { x: number; y: number; ids: string[] }>();
  for (const row of rows) {
    const [a, b] = row.cells;
    if (a === undefined || b === undefined) continue;
    const key = `${a.rate},${b.rate}`;
    const point = points.get(key) ?? { x: a.rate, y: b.rate, ids: [] };
    point.ids.push(row.id);
    points.set(key, point);
  }
  // A circle at 0% or 100% is centred on the plot's edge: every side leaves room for the
  // largest one, so no circle is cut by the edge of the drawing.
  const room = Math.ceil(Math.max(0, ...[...points.values()].map((p) => radius(p.ids.length)))) + 2;
  const pad = {
    left: Math.max(PAD.left, room),
    right: Math.max(PAD.right, room),
    top: Math.max(PAD.top, room),
    bottom: Math.max(PAD.bottom, room),
  };
  const plot = S - Math.max(pad.left + pad.right, pad.top + pad.bottom);
  const px = (v: number) => pad.left + v * plot;
  const py = (v: number) => pad.top + (1 - v) * plot;
  const parts: string[] = [];
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    const label = `${t * 100}%`;
    parts.push(
      `<line class="grid" x1="${px(0)}" x2="${px(1)}" y1="${py(t)}" y2="${py(t)}"/><line class="grid" x1="${px(t)}" x2="${px(t)}" y1="${py(0)}" y2="${py(1)}"/>`,
      `<text class="tick" x="${px(0) - 6}" y="${py(t) + 4}" text-anchor="end">${label}</text>`,
      `<text class="tick" x="${px(t)}" y="${py(0) + 16}" text-anchor="middle">${label}</text>`,
    );
  }
  parts.push(
    `<line class="diagonal" x1="${px(0)}" y1="${py(0)}" x2="${px(1)}" y2="${py(1)}" stroke="#8896ab" stroke-dasharray="4 4"/>`,
  );
  for (const p of points.values()) {
    const r = radius(p.ids.length);
    const fill = p.y > p.x ? '#1a9850' : p.y < p.x ? '#d73027' : '#8896ab';
    const shown =
      p.ids.length > 12 ? [...p.ids.slice(0, 12), `… ${p.ids.length - 12} more`] : p.ids;
    const title = `${p.ids.length} problem${p.ids.length === 1 ? '' : 's'}: A ${(p.x * 100).toFixed(0)}% → B ${(p.y * 100).toFixed(0)}%\n${shown.join(', ')}`;
    parts.push(
      `<circle class="point" data-n="${p.ids.length}" cx="${px(p.x).toFixed(1)}" cy="${py(p.y).toFixed(1)}" r="${r.toFixed(1)}" fill="${fill}" fill-opacity="0.55" stroke="${fill}"><title>${escapeHtml(title)}</title></circle>`,
    );
  }
  // Cut to fit the plot's side; the full names are in the key above the chart.
  const [a, b] = labels.map((l) => escapeHtml(l.length > 30 ? `${l.slice(0, 29)}…` : l));
  parts.push(
    `<text class="axis-label" x="${pad.left + plot / 2}" y="${S - 8}" text-anchor="middle">A: ${a}</text>`,
    `<text class="axis-label" transform="translate(13 ${pad.top + plot / 2}) rotate(-90)" text-anchor="middle">B: ${b}</text>`,
  );
  return `<svg class="chart scatter" viewBox="0 0 ${S} ${S}" width="${S}" height="${S}" role="img" aria-label="per-problem pass rate, run A against run B">${parts.join('')}</svg>`;
}
