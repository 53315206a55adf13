import { escapeHtml } from './escape.js';
import type { ProblemCell, ProblemRow } from './problems.js';

const pct = (v: number) => `${(v * 100).toFixed(0)}%`;

/**
 * The problems as one sortable table: per run the samples that passed (and per suite, for
 * HumanEval+/MBPP+) and the most common failure; with two runs, B − A. Every cell carries its
 * sort key in `data-v`; the page script sorts on a header click (client.ts).
 */
export function problemTableHtml(rows: readonly ProblemRow[], labels: readonly string[]): string {
  const suites = [
    ...new Set(rows.flatMap((r) => r.cells.flatMap((c) => Object.keys(c?.suites ?? {})))),
  ];
  const two = labels.length === 2;
  const head: string[] = [th('problem', 'text')];
  labels.forEach((_label, i) => {
    const who = labels.length > 1 ? ` <span class="muted">(${escapeHtml(letter(i))})</span>` : '';
    head.push(th(`pass rate${who}`, 'num'));
    for (const suite of suites) head.push(th(`${escapeHtml(suite)} passed${who}`, 'num'));
    head.push(th(`most common failure${who}`, 'text'));
  });
  if (two) head.push(th('B − A pass rate', 'num'));
  const body = rows.map((row) => {
    const cells = [`<td class="mono" data-v="${escapeHtml(row.id)}">${escapeHtml(row.id)}</td>`];
    for (const cell of row.cells) cells.push(...runCells(cell, suites));
    if (two) cells.push(deltaCell(row.cells[0], row.cells[1]));
    return `<tr>${cells.join('')}</tr>`;
  });
  const key =
    labels.length > 1
      ? `<p class="muted table-key">${labels.map((l, i) => `${letter(i)} = ${escapeHtml(l)}`).join(' · ')}</p>`
      : '';
  return `${key}<div class="table-wrap"><table class="problems sortable" id="problem-table"><thead><tr>${head.join('')}</tr></thead><tbody>${body.join('')}</tbody></table></div>`;
}

function th(text: string, kind: 'num' | 'text'): string {
  return `<th scope="col"><button type="button" class="sort" data-kind="${kind}">${text}</button></th>`;
}

/** 'A', 'B', … for the column headers; the key above the table names the runs. */
function letter(index: number): string {
  return String.fromCharCode(65 + index);
}

function runCells(cell: ProblemCell | undefined, suites: readonly string[]): string[] {
  if (cell === undefined) {
    return [
      '<td data-v="-1" class="muted">—</td>',
      ...suites.map(() => '<td data-v="-1" class="muted">—</td>'),
      '<td data-v=""></td>',
    ];
  }
  const rate = `<td data-v="${cell.rate}">${cell.c}/${cell.n} <span class="muted">${pct(cell.rate)}</span></td>`;
  const bySuite = suites.map((s) => {
    const c = cell.suites?.[s];
    return c === undefined
      ? '<td data-v="-1">—</td>'
      : `<td data-v="${c / cell.n}">${c}/${cell.n}</td>`;
  });
  const failure = cell.topError ?? '';
  return [
    rate,
    ...bySuite,
    `<td class="mono" data-v="${escapeHtml(failure)}">${escapeHtml(failure)}</td>`,
  ];
}

function deltaCell(a: ProblemCell | undefined, b: ProblemCell | undefined): string {
  if (a === undefined || b === undefined) return '<td data-v="0" class="muted">—</td>';
  const d = b.rate - a.rate;
  const cls = d > 0 ? 'up' : d < 0 ? 'down' : 'muted';
  const text = d === 0 ? '0' : `${d > 0 ? '+' : '−'}${(Math.abs(d) * 100).toFixed(0)} pts`;
  return `<td class="${cls}" data-v="${d}">${text}</td>`;
}
