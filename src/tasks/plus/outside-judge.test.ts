import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../execution/types.js';
import { casesDigest, type JudgeCase, outsideJudge } from './outside-judge.js';

const cases: JudgeCase[] = [
  { index: 0, args: [2n], expected: { value: { kind: 'tuple', items: [1n, 2n] } } },
  { index: 1, args: [3n], expected: { digest: 'ab'.repeat(32) } },
];
const judge = outsideJudge({
  dataset: 'mbpp',
  entryPoint: 'f',
  atol: 0,
  cases,
  total: 2,
  expectedDigest: casesDigest(cases),
});
const PASSED: Verdict = { status: 'passed', durationMs: 5, exitCode: 0 };
const line = (body: string) => `{"e": "o", ${body}}`;
const decide = (lines: string[], raw = PASSED) => judge.decide(raw, `${lines.join('\n')}\n`);

describe('outsideJudge', () => {
  it('passes when every input has its right output, values and digests alike', () => {
    const good = [line('"i": 0, "v": {"t": [1, 2]}'), line(`"i": 1, "h": "${'ab'.repeat(32)}"`)];
    expect(decide(good).status).toBe('passed');
    const reordered = [
      line(`"i": 1, "h": "${'ab'.repeat(32)}"`),
      line('"i": 0, "v": {"t": [1, 2]}'),
    ];
    expect(decide(reordered).status).toBe('passed');
  });

  it('names what went wrong, and never passes on less than every output', () => {
    const digest = line(`"i": 1, "h": "${'ab'.repeat(32)}"`);
    expect(decide([line('"i": 0, "v": [1, 2]'), digest])).toMatchObject({
      status: 'failed',
      errorType: 'WrongOutput',
      message: 'input 0 of 2: got [1, 2], expected (1, 2)',
    });
    expect(decide([line('"i": 0, "v": {"t": [1, 2]}'), line('"i": 1, "h": "00"')])).toMatchObject({
      status: 'failed',
      message: 'input 1 of 2: not the expected (long) output',
    });
    expect(decide([digest])).toMatchObject({ status: 'incomplete', errorType: 'MissingOutput' });
    expect(decide([line('"i": 0, "x": "ZeroDivisionError"')])).toMatchObject({
      status: 'error',
      errorType: 'ZeroDivisionError',
    });
    expect(decide([line('"i": 0, "x": "_PasskInputTimeLimit"')])).toMatchObject({
      status: 'timeout',
      errorType: 'InputTimeLimit',
    });
    expect(decide([line('"i": 0, "v": {"bogus": 1}'), digest]).status).toBe('failed');
  });

  it("keeps the sandbox's own failure, and keys itself on the expected outputs", () => {
    const crashed: Verdict = { status: 'error', errorType: 'NameError', durationMs: 1 };
    expect(decide([], crashed)).toBe(crashed);
    const other = outsideJudge({
      dataset: 'mbpp',
      entryPoint: 'f',
      atol: 0,
      cases: cases.slice(0, 1),
      total: 2,
      expectedDigest: casesDigest(cases.slice(0, 1)),
    });
    expect(other.key).not.toBe(judge.key);
  });
});
