import type { RunRecord } from '../../store/records.js';
import { escapeHtml } from './escape.js';
import { NO_VERDICT_COLOR, VERDICT_STYLES, verdictStyle } from './verdicts.js';

/** CSS class of a verdict's cells; statuses are a closed set, but be strict anyway. */
export function verdictClass(status: string | undefined): string {
  return status === undefined ? 'v-none' : `v-${status.replace(/[^a-z-]/g, '')}`;
}

/** The cell colours, generated from the one palette so the legend and the grid agree. */
export function verdictCss(): string {
  const rules = VERDICT_STYLES.map((s) => `.${verdictClass(s.status)}{background:${s.color}}`);
  return `${rules.join('')}.v-none{background:${NO_VERDICT_COLOR}}`;
}

const LABEL_PX = 118;
/**
 * Up to 25 samples a problem, cells are 16 px on one line; beyond, 11 px and up to 50 a line,
 * so n = 200 takes 4 lines instead of 8 and problems stay easy to tell apart.
 */
const layout = (n: number) => (n <= 25 ? { cell: 16, perLine: 25 } : { cell: 11, perLine: 50 });

/**
 * The problems × samples grid of one run: one `<button class="cell">` per sample, in problem
 * then sample order, coloured by verdict. `data-i` is the sample's index in the run's payload
 * (see payload.ts), which the page script reads on click to show the prompt, program and error.
 * Rows of problems where every sample passed carry `data-all-pass` for the "failures only" filter.
 */
export function gridHtml(run: RunRecord, runIndex: number): string {
  const byProblem = new Map<string, { index: number; status: string | undefined }[]>();
  run.samples.forEach((sample, index) => {
    const list = byProblem.get(sample.problemId) ?? [];
    list.push({ index, status: sample.verdict?.status });
    byProblem.set(sample.problemId, list);
  });
  const widest = Math.max(1, ...[...byProblem.values()].map((cells) => cells.length));
  const { cell, perLine } = layout(widest);
  const rowPx = LABEL_PX + Math.min(widest, perLine) * (cell + 2) + 8;
  const wraps = widest > perLine;
  const rows = run.problems.map((problem) => {
    const cells = byProblem.get(problem.id) ?? [];
    const allPass = cells.length > 0 && cells.every((c) => c.status === 'passed');
    const buttons = cells.map((sample, j) => {
      const label =
        sample.status === undefined ? 'not executed' : verdictStyle(sample.status).label;
      const title = `${problem.id} · sample ${j} · ${label}`;
      return `<button type="button" class="cell ${verdictClass(sample.status)}" data-i="${sample.index}" title="${escapeHtml(title)}" aria-label="${escapeHtml(title)}"></button>`;
    });
    return `<div class="prow"${allPass ? ' data-all-pass=""' : ''}><span class="pid" title="${escapeHtml(problem.id)}">${escapeHtml(problem.id)}</span><span class="cells">${buttons.join('')}</span></div>`;
  });
  // min(…, 100%): on a screen narrower than a row, one column and the cells wrap in it
  const style = `grid-template-columns:repeat(auto-fill,minmax(min(${rowPx}px,100%),1fr));--cell:${cell}px`;
  return `<div class="grid${wraps ? ' wrapped' : ''}" data-run="${runIndex}" style="${style}">${rows.join('')}</div>`;
}

/** The legend: every status that occurs in any run, with its colour, label and count. */
export function legendHtml(counts: ReadonlyMap<string, number>): string {
  const items = VERDICT_STYLES.filter((s) => counts.has(s.status)).map(
    (s) =>
      `<span class="legend-item"><span class="swatch ${verdictClass(s.status)}"></span>${escapeHtml(s.label)} <span class="muted">${counts.get(s.status)}</span></span>`,
  );
  const unknown = [...counts.keys()].filter((k) => !VERDICT_STYLES.some((s) => s.status === k));
  for (const status of unknown) {
    items.push(
      `<span class="legend-item"><span class="swatch ${verdictClass(status === 'none' ? undefined : status)}"></span>${escapeHtml(status === 'none' ? 'not executed' : status)} <span class="muted">${counts.get(status)}</span></span>`,
    );
  }
  return `<div class="legend">${items.join('')}</div>`;
}

/** Status → count over the run's samples ('none' for samples without a verdict). */
export function statusCounts(run: RunRecord): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of run.samples) {
    const key = s.verdict?.status ?? 'none';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
