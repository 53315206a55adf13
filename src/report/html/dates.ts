import type { RunRecord } from '../../store/records.js';
import { escapeHtml } from './escape.js';

interface DateWindow {
  since: string | null;
  until: string | null;
  model_cutoff: string | null;
  effective_since: string | null;
  included: number;
  excluded: string[];
}

type PerMonth = Record<string, { problems: number; 'pass@1': number }>;

/**
 * The release-date panel for dated tasks (metrics.json `date_window` and `per_month`): the
 * window and what it left out, and pass@1 per publication month. Empty for undated tasks.
 */
export function datesHtml(run: RunRecord, heading: string): string {
  const window = run.metrics?.['date_window'] as DateWindow | undefined;
  const perMonth = run.metrics?.['per_month'] as PerMonth | undefined;
  if (window === undefined && perMonth === undefined) return '';
  const rows = Object.entries(perMonth ?? {}).map(
    ([month, rate]) =>
      `<tr><td class="mono">${escapeHtml(month)}</td><td>${rate.problems}</td><td>${(rate['pass@1'] * 100).toFixed(1)}%</td></tr>`,
  );
  return `<section class="panel"><h2>${heading}</h2>
${window === undefined ? '<p class="muted">No release-date window: every problem was scored.</p>' : windowHtml(window)}
<table><thead><tr><th>month</th><th>problems</th><th>pass@1</th></tr></thead><tbody>${rows.join('')}</tbody></table>
</section>`;
}

function windowHtml(window: DateWindow): string {
  const day = (value: string | null) => (value === null ? '…' : escapeHtml(value));
  const cutoff =
    window.model_cutoff === null
      ? ''
      : ` (model cutoff ${escapeHtml(window.model_cutoff)}: from the day after)`;
  const excluded = window.excluded.map((id) => `<span class="mono">${escapeHtml(id)}</span>`);
  return `<p>Window: ${day(window.effective_since)} to ${day(window.until)}${cutoff}; ${window.included} problems scored, ${window.excluded.length} left out.</p>
${excluded.length === 0 ? '' : `<details><summary>left out</summary><p>${excluded.join(', ')}</p></details>`}`;
}
