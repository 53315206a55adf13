import type { RunRecord } from '../../store/records.js';
import { escapeHtml } from './escape.js';

/** What one generated sample cost, from the run's generations journal (or its stored record). */
export interface GeneratedSample {
  finishReason?: string;
  tokensOut?: number;
  durationMs?: number;
  /** Generation failed for good (no program). */
  failed?: boolean;
}

/** Generation statistics of a run, or undefined when nothing is known (reference, file). */
export interface GenerationStats {
  samples: number;
  failed: number;
  /** Samples cut at the token limit (finish reason `length`). */
  cutByTokenLimit: number;
  finishReasons: Record<string, number>;
  tokensOut?: { total: number; median: number; p90: number; max: number };
  latencyMs?: { median: number; p90: number; max: number };
  /** 'journal' (tokens and latency known) or 'store' (finish reasons only). */
  source: 'journal' | 'store';
}

/** The stats of `journal` when given, else of the run's stored finish reasons. */
export function generationStats(
  run: RunRecord,
  journal: readonly GeneratedSample[] | undefined,
): GenerationStats | undefined {
  const samples: readonly GeneratedSample[] =
    journal ??
    run.samples.flatMap((s) =>
      s.finishReason === undefined ? [] : [{ finishReason: s.finishReason }],
    );
  if (samples.length === 0) return undefined;
  const finishReasons: Record<string, number> = {};
  for (const s of samples) {
    if (s.finishReason !== undefined)
      finishReasons[s.finishReason] = (finishReasons[s.finishReason] ?? 0) + 1;
  }
  const tokens = numbers(samples.map((s) => s.tokensOut));
  const latency = numbers(samples.map((s) => s.durationMs));
  return {
    samples: samples.length,
    failed: samples.filter((s) => s.failed === true).length,
    cutByTokenLimit: finishReasons['length'] ?? 0,
    finishReasons,
    ...(tokens.length === 0 ? {} : { tokensOut: { total: sum(tokens), ...spread(tokens) } }),
    ...(latency.length === 0 ? {} : { latencyMs: spread(latency) }),
    source: journal === undefined ? 'store' : 'journal',
  };
}

function numbers(values: readonly (number | undefined)[]): number[] {
  return values
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
    .sort((a, b) => a - b);
}
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
function spread(sorted: readonly number[]) {
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p90: at(0.9), max: sorted.at(-1)! };
}

/** The stats as a small table; a note when the run has none. */
export function generationHtml(stats: GenerationStats | undefined): string {
  if (stats === undefined)
    return '<p class="muted">No generation record (reference solutions or a generations file without passk\'s journal).</p>';
  const share = (n: number) =>
    `${n} <span class="muted">(${((n / stats.samples) * 100).toFixed(1)}%)</span>`;
  const rows: [string, string][] = [
    ['samples generated', String(stats.samples)],
    ['cut by the token limit', share(stats.cutByTokenLimit)],
    ['failed for good', share(stats.failed)],
    [
      'finish reasons',
      escapeHtml(
        Object.entries(stats.finishReasons)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ') || '—',
      ),
    ],
  ];
  const t = stats.tokensOut;
  if (t)
    rows.push([
      'tokens out',
      `${t.total} total; per sample median ${t.median}, p90 ${t.p90}, max ${t.max}`,
    ]);
  const l = stats.latencyMs;
  if (l) {
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    rows.push(['request latency', `median ${s(l.median)}, p90 ${s(l.p90)}, max ${s(l.max)}`]);
  }
  if (stats.source === 'store')
    rows.push([
      '',
      '<span class="muted">tokens and latency: no generations journal in the run directory</span>',
    ]);
  const body = rows
    .map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${v}</td></tr>`)
    .join('');
  return `<table class="gen-stats">${body}</table>`;
}
