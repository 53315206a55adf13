import { describe, expect, it } from 'vitest';
import { countPerProblem, countTamper, countVerdicts } from './verdict-counts.js';

describe('countVerdicts', () => {
  it('counts per status and per error type, from verdicts or result lines', () => {
    const counts = countVerdicts([
      { status: 'passed' },
      { status: 'failed', errorType: 'AssertionError' },
      { status: 'failed', error_type: 'AssertionError' },
      { status: 'error', errorType: 'NameError' },
      { status: 'timeout' },
    ]);
    expect(counts).toEqual({
      total: 5,
      byStatus: { passed: 1, failed: 2, error: 1, timeout: 1 },
      byErrorType: { AssertionError: 2, NameError: 1 },
    });
  });
});

describe('countPerProblem', () => {
  it('tallies n and c, keeps infra errors out of n, and honours the problem order', () => {
    const tallies = countPerProblem(
      [
        { problemId: 'B', status: 'passed' },
        { problemId: 'B', status: 'infra-error' },
        { problemId: 'B', status: 'failed' },
        { problemId: 'A', status: 'passed' },
      ],
      ['A', 'B', 'C'],
    );
    expect(tallies).toEqual([
      { problemId: 'A', n: 1, c: 1, infraErrors: 0 },
      { problemId: 'B', n: 2, c: 1, infraErrors: 1 },
      { problemId: 'C', n: 0, c: 0, infraErrors: 0 },
    ]);
  });
});

describe('countTamper', () => {
  it('counts flagged samples per reason, and their share of the scored samples', () => {
    const counts = countTamper([
      { status: 'failed', tamper: 'trace-hook' },
      { status: 'timeout', tamper: 'trace-hook' },
      { status: 'error', tamper: 'result-fd' },
      { status: 'passed' },
      { status: 'infra-error' },
    ]);
    expect(counts).toEqual({
      total: 3,
      byReason: { 'trace-hook': 2, 'result-fd': 1 },
      scored: 4,
      rate: 0.75,
    });
  });

  it('reads runs without flags (older files) as none, and no scored sample as no rate', () => {
    expect(countTamper([{ status: 'passed' }, { status: 'failed' }])).toEqual({
      total: 0,
      byReason: {},
      scored: 2,
      rate: 0,
    });
    expect(countTamper([{ status: 'infra-error' }]).rate).toBeNull();
  });
});
