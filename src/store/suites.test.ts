import { describe, expect, it } from 'vitest';
import { inputLimitS, suiteTimeLimitMs } from '../tasks/plus/time-limits.js';
import type { SuiteResult } from './records.js';
import { combineSuites, statusForSuite, suitesOf } from './suites.js';

const SUITES = ['base', 'plus'];
const id = { task_id: 'HumanEval/0', sample: 0 };
const suite = (status: SuiteResult['status'], hash: string, extra = {}): SuiteResult => ({
  status,
  duration_ms: 10,
  program_hash: hash,
  ...extra,
});

describe('combineSuites', () => {
  it('passes a sample only when every suite passed', () => {
    const record = combineSuites(id, SUITES, {
      base: suite('passed', 'b'),
      plus: suite('passed', 'p'),
    });
    expect(record).toMatchObject({ status: 'passed', program_hash: 'p', duration_ms: 20 });
    expect(record.suites?.['base']?.status).toBe('passed');
  });

  it('reports the first suite that did not pass, with its error', () => {
    const failedPlus = combineSuites(id, SUITES, {
      base: suite('passed', 'b'),
      plus: suite('failed', 'p', { error_type: 'AssertionError', message: 'input 9' }),
    });
    expect(failedPlus).toMatchObject({ status: 'failed', error_type: 'AssertionError' });
    const timedOutBase = combineSuites(id, SUITES, {
      base: suite('timeout', 'b'),
      plus: suite('failed', 'p'),
    });
    expect(timedOutBase.status).toBe('timeout');
  });
});

describe('statusForSuite', () => {
  it('never lets a sample pass plus without passing base', () => {
    // A flaky candidate can pass the plus program while failing the base one.
    const record = combineSuites(id, SUITES, {
      base: suite('failed', 'b'),
      plus: suite('passed', 'p'),
    });
    expect(statusForSuite(record, SUITES, 'base')).toBe('failed');
    expect(statusForSuite(record, SUITES, 'plus')).toBe('failed');
  });

  it('marks the sample with the first flag of any suite, even one after a failing suite', () => {
    const record = combineSuites(id, SUITES, {
      base: suite('failed', 'b'),
      plus: suite('error', 'p', { tamper: 'trace-hook' }),
    });
    expect(record).toMatchObject({ status: 'failed', tamper: 'trace-hook' });
    expect(record.suites?.['plus']?.tamper).toBe('trace-hook');
  });

  it('scores base on base alone', () => {
    const record = combineSuites(id, SUITES, {
      base: suite('passed', 'b'),
      plus: suite('failed', 'p'),
    });
    expect(statusForSuite(record, SUITES, 'base')).toBe('passed');
    expect(statusForSuite(record, SUITES, 'plus')).toBe('failed');
  });

  it('gives a sample without suite results (failed generation) its own status everywhere', () => {
    const record = { ...id, program_hash: '', status: 'error' as const, duration_ms: 0 };
    expect(statusForSuite(record, SUITES, 'base')).toBe('error');
  });
});

describe('suitesOf and the EvalPlus time limits', () => {
  it('treats a task without suites as one unnamed suite', () => {
    expect(suitesOf({})).toEqual([undefined]);
    expect(suitesOf({ suites: ['base', 'plus'] })).toEqual(['base', 'plus']);
  });

  it('derives limits from the ground truth time as EvalPlus does, never below the floors', () => {
    expect(inputLimitS(0.01)).toBe(4); // min_time_limit, 4 s since EvalPlus's 2025-04 release
    expect(inputLimitS(0.5)).toBe(4);
    expect(inputLimitS(1.5)).toBe(6); // 4 × gt
    expect(inputLimitS(2, 3)).toBe(6);
    expect(() => inputLimitS(1, 0)).toThrow(RangeError);
    expect(suiteTimeLimitMs([1, 1, 2], 3000)).toBe(6000); // sum + 2 s
    expect(suiteTimeLimitMs(new Array(100).fill(1), 3000)).toBe(62_000); // capped at 60 s + 2 s
    expect(suiteTimeLimitMs([], 3000)).toBe(3000);
    // A ground truth slower than half the cap here: the cap becomes twice its time.
    expect(suiteTimeLimitMs(new Array(100).fill(4), 3000, 45)).toBe(92_000);
  });
});
