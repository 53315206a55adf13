import { escapeHtml } from './escape.js';

/** The bins of a per-problem pass rate c/n: none, five bands, all. */
export const RATE_BINS = [
  { label: '0%', test: (r: number) => r === 0 },
  { label: '1–20%', test: (r: number) => r > 0 && r <= 0.2 },
  { label: '21–40%', test: (r: number) => r > 0.2 && r <= 0.4 },
  { label: '41–60%', test: (r: number) => r > 0.4 && r <= 0.6 },
  { label: '61–80%', test: (r: number) => r > 0.6 && r <= 0.8 },
  { label: '81–99%', test: (r: number) => r > 0.8 && r < 1 },
  { label: '100%', test: (r: number) => r === 1 },
] as const;

export interface HistogramSeries {
  label: string;
  color: string;
  /** One pass rate (c/n) per problem. */
  rates: readonly number[];
}

const W = 560;
const H = 220;
const PAD = { left: 44, right: 12, top: 12, bottom: 40 };

/**
 * How many problems each run solves in what share of samples, as grouped vertical bars (one
 * group per bin, one bar per run). Shows at a glance whether a score comes from many problems
 * solved sometimes or a few solved always.
 */
export function histogramSvg(series: readonly HistogramSeries[]): string {
  const counts = series.map((s) => RATE_BINS.map((bin) => s.rates.filter(bin.test).length));
  const max = Math.max(1, ...counts.flat());
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const groupW = plotW / RATE_BINS.length;
  const barW = Math.min(28, (groupW - 8) / series.length);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const parts: string[] = [];
  for (const tick of ticks(max)) {
    parts.push(
      `<line class="grid" x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(tick).toFixed(1)}" y2="${y(tick).toFixed(1)}"/>`,
      `<text class="tick" x="${PAD.left - 6}" y="${(y(tick) + 4).toFixed(1)}" text-anchor="end">${tick}</text>`,
    );
  }
  RATE_BINS.forEach((bin, b) => {
    const x0 = PAD.left + b * groupW + (groupW - barW * series.length) / 2;
    series.forEach((s, i) => {
      const v = counts[i]![b]!;
      const x = x0 + i * barW;
      parts.push(
        `<rect class="hbar" data-bin="${b}" data-run="${i}" x="${x.toFixed(1)}" y="${y(v).toFixed(1)}" width="${(barW - 2).toFixed(1)}" height="${(PAD.top + plotH - y(v)).toFixed(1)}" fill="${s.color}"><title>${escapeHtml(`${s.label}: ${v} problems with pass rate ${bin.label}`)}</title></rect>`,
      );
      if (v > 0)
        parts.push(
          `<text class="bar-value" x="${(x + (barW - 2) / 2).toFixed(1)}" y="${(y(v) - 3).toFixed(1)}" text-anchor="middle">${v}</text>`,
        );
    });
    parts.push(
      `<text class="tick" x="${(PAD.left + (b + 0.5) * groupW).toFixed(1)}" y="${H - PAD.bottom + 16}" text-anchor="middle">${bin.label}</text>`,
    );
  });
  parts.push(
    `<text class="axis-label" x="${PAD.left + plotW / 2}" y="${H - 6}" text-anchor="middle">share of a problem's samples that passed</text>`,
    `<text class="axis-label" transform="translate(12 ${PAD.top + plotH / 2}) rotate(-90)" text-anchor="middle">problems</text>`,
  );
  return `<svg class="chart histogram" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="problems by pass rate">${parts.join('')}</svg>`;
}

function ticks(max: number): number[] {
  const step = Math.max(1, Math.ceil(max / 4));
  const out: number[] = [];
  for (let t = 0; t <= max; t += step) out.push(t);
  return out;
}
