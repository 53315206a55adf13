import { escapeHtml } from './escape.js';

export interface Bar {
  label: string;
  value: number;
  color: string;
}

const WIDTH = 500;
const LABEL_W = 170;
const VALUE_W = 104;
const ROW_H = 22;

/**
 * A horizontal bar chart as inline SVG, one row per bar, each labelled with its count and share
 * of `total`. Labels (error types can be any class name a program raised) are escaped and cut
 * to fit.
 */
export function barsSvg(bars: readonly Bar[], total: number, ariaLabel: string): string {
  if (bars.length === 0) return '<p class="muted">None.</p>';
  const max = Math.max(...bars.map((b) => b.value));
  const barArea = WIDTH - LABEL_W - VALUE_W;
  const height = bars.length * ROW_H + 8;
  const rows = bars.map((bar, i) => {
    const y = 4 + i * ROW_H;
    const w = max === 0 ? 0 : Math.max(2, (bar.value / max) * barArea);
    const share = total === 0 ? '' : ` (${((bar.value / total) * 100).toFixed(1)}%)`;
    const label = bar.label.length > 24 ? `${bar.label.slice(0, 23)}…` : bar.label;
    return [
      `<text class="bar-label" x="${LABEL_W - 8}" y="${y + 15}" text-anchor="end">${escapeHtml(label)}<title>${escapeHtml(bar.label)}</title></text>`,
      `<rect x="${LABEL_W}" y="${y + 3}" width="${w.toFixed(1)}" height="${ROW_H - 6}" rx="2" fill="${bar.color}"/>`,
      `<text class="bar-value" x="${(LABEL_W + w + 6).toFixed(1)}" y="${y + 15}">${bar.value}${share}</text>`,
    ].join('');
  });
  return `<svg class="chart bars" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="${escapeHtml(ariaLabel)}">${rows.join('')}</svg>`;
}
