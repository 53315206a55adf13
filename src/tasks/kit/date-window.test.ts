import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../core/errors.js';
import { isoDate } from '../leetcode-contest/task.js';
import type { Problem } from '../types.js';
import { applyDateWindow, mergeDateMetrics, parseIsoDay, perMonthPassRate } from './date-window.js';

const problem = (id: string, date?: string): Problem => ({
  id,
  language: 'python',
  prompt: '',
  datasetPrompt: '',
  tests: '',
  meta: {},
  ...(date === undefined ? {} : { date }),
});
const dated = [
  problem('a', '2023-12-31'),
  problem('b', '2024-01-01'),
  problem('c', '2024-01-31'),
  problem('d', '2024-02-01'),
];

describe('applyDateWindow', () => {
  it('keeps the inclusive range and lists the rest', () => {
    const { kept, info } = applyDateWindow('t', dated, {
      since: '2024-01-01',
      until: '2024-01-31',
    });
    expect(kept.map((p) => p.id)).toEqual(['b', 'c']);
    expect(info).toEqual({
      since: '2024-01-01',
      until: '2024-01-31',
      model_cutoff: null,
      effective_since: '2024-01-01',
      included: 2,
      excluded: ['a', 'd'],
    });
  });

  it('starts the day after a model cutoff, and at the later of cutoff and --since', () => {
    const cut = applyDateWindow('t', dated, { modelCutoff: '2024-01-01' });
    expect(cut.kept.map((p) => p.id)).toEqual(['c', 'd']);
    expect(cut.info.effective_since).toBe('2024-01-02');
    const both = applyDateWindow('t', dated, { since: '2024-02-01', modelCutoff: '2023-12-30' });
    expect(both.kept.map((p) => p.id)).toEqual(['d']);
    // across a month and a year end
    expect(applyDateWindow('t', dated, { modelCutoff: '2023-12-30' }).info.effective_since).toBe(
      '2023-12-31',
    );
  });

  it('refuses bad dates, an empty range, an empty selection and undated problems', () => {
    expect(() => parseIsoDay('--since', '2024-02-30')).toThrow(ConfigError);
    expect(() => parseIsoDay('--since', '2024-1-5')).toThrow(
      '--since must be a date written YYYY-MM-DD',
    );
    expect(() => applyDateWindow('t', dated, { since: '2024-02-01', until: '2024-01-01' })).toThrow(
      'the date window is empty',
    );
    expect(() => applyDateWindow('t', dated, { since: '2025-01-01' })).toThrow(
      "no problem of 't' falls in the date window (2025-01-01 to …); its problems are dated 2023-12-31 to 2024-02-01",
    );
    expect(() => applyDateWindow('humaneval', [problem('x')], { until: '2024-01-01' })).toThrow(
      "task 'humaneval' has no release dates (problem x)",
    );
  });
});

describe('perMonthPassRate', () => {
  it('averages each problem’s c/n per month, leaving out infra errors and undated problems', () => {
    const rates = perMonthPassRate(
      [...dated, problem('u')],
      [
        { task_id: 'a', status: 'passed' },
        { task_id: 'b', status: 'passed' },
        { task_id: 'b', status: 'failed' },
        { task_id: 'b', status: 'infra-error' },
        { task_id: 'c', status: 'failed' },
        { task_id: 'u', status: 'passed' },
      ],
    );
    expect(rates).toEqual({
      '2023-12': { problems: 1, 'pass@1': 1 },
      '2024-01': { problems: 2, 'pass@1': 0.25 },
    });
  });
});

describe('leetcode-contest dates', () => {
  it('are the contest start as a UTC day', () => {
    expect(isoDate(1705804200)).toBe('2024-01-21'); // weekly contest 381, 02:30 UTC
  });
});

describe('mergeDateMetrics', () => {
  it('keeps the shards’ window and weights each month’s pass@1 by its problems', () => {
    const window = { since: '2024-01-01', included: 3, excluded: ['a'] };
    const merged = mergeDateMetrics([
      { date_window: window, per_month: { '2024-01': { problems: 1, 'pass@1': 1 } } },
      {
        date_window: window,
        per_month: {
          '2024-01': { problems: 2, 'pass@1': 0.25 },
          '2024-02': { problems: 1, 'pass@1': 0 },
        },
      },
    ]);
    expect(merged).toEqual({
      date_window: window,
      per_month: {
        '2024-01': { problems: 3, 'pass@1': 0.5 },
        '2024-02': { problems: 1, 'pass@1': 0 },
      },
    });
    expect(mergeDateMetrics([{}, {}])).toEqual({});
  });
});
