import { describe, expect, it } from 'vitest';
import { attemptRates, attemptRatesLine } from './attempts.js';

describe('pass rate after each attempt', () => {
  it('counts a sample passed by turn t when its passing program is from turn t or earlier', () => {
    const rates = attemptRates(
      [
        { task_id: 'a', status: 'passed' },
        { task_id: 'a', status: 'passed', attempt: 2 },
        { task_id: 'b', status: 'failed', attempt: 2 },
        { task_id: 'b', status: 'infra-error' },
      ],
      2,
    );
    expect(rates.pass_rate_after).toEqual({ '1': 0.25, '2': 0.5 });
    expect(rates.passed_after).toEqual({ '1': 1, '2': 2 });
    expect(rates.samples).toBe(3);
    expect(attemptRatesLine(rates)).toBe(
      'pass rate after attempt 1 = 0.2500 (1/3), after attempt 2 = 0.5000 (2/3)',
    );
  });
});
