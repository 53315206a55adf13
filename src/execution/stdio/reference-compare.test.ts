import { describe, expect, it } from 'vitest';
import { DEFAULT_TOLERANCE } from './compare.js';
import { stdioJudge } from './judge.js';
import { compareAs, type OutputComparison } from './reference-compare.js';

/**
 * Issue 29 item 12: crafted output pairs, each with the verdict of LiveCodeBench's grade_stdio
 * (lines stripped, as many lines, each equal or equal as exact Decimals), CodeContests'
 * OutputsMatch (tokens lower-cased, numbers within 1e-5 absolute as doubles) and passk's
 * lenient token comparison, worked out from each one's code.
 * [what it probes, expected, got, livecodebench, codecontests, tokens]
 */
const PAIRS: [string, string, string, boolean, boolean, boolean][] = [
  ['same, newline', '3\n', '3', true, true, true],
  ['relative 1e-6 of a big number', '1000000000', '1000001000.0', false, false, true],
  ['line structure', '1 2', '1\n2', false, true, true],
  ['a plus sign', '5', '+5', true, true, false],
  ['leading zeros', '12', '00012', true, true, false],
  ['negative zero', '0', '-0', true, true, false],
  ['case', 'YES', 'yes', false, true, false],
  ['5e-7 off', '0.5', '0.5000005', false, true, true],
  ['trailing zeros', '0.5', '0.50000', true, true, true],
  ['9e-6 off', '1.5', '1.500009', false, true, false],
  ['two spaces', 'a b', 'a  b', false, true, true],
  ['trailing space', '1 2\n', '1 2 \n', true, true, true],
  ['blank line inside', '1\n2', '1\n\n2', false, true, true],
  ['blank lines after', '1\n2\n', '1\n2\n\n\n', true, true, true],
  ['CRLF', '1\r\n2\r\n', '1\n2', true, true, true],
  ['big integers one apart', '123456789012345678901', '123456789012345678902', false, true, false],
  ['exponent', '1000', '1e3', true, true, true],
  ['NaN spelled otherwise', 'nan', 'NaN', false, true, false],
  ['a token missing', '1 2 3', '1 2', false, false, false],
  ['empty', '', '\n', true, true, true],
  ['3.0 for 3', '3', '3.0', true, true, true],
  ['.1', '0.1', '.1', true, true, true],
  ['underscore digits', '1000', '1_000', true, false, false],
  ['lines regrouped', '1 2\n3', '1\n2 3', false, true, true],
  ['a split minus', '-5', '- 5', false, false, false],
];

const COLUMNS: OutputComparison[] = ['livecodebench', 'codecontests', 'tokens'];

describe('the stdio comparisons, pair by pair, as each reference decides', () => {
  it.each(PAIRS)('%s', (_what, expected, got, ...verdicts) => {
    const found = COLUMNS.map((c) => compareAs(c, expected, got, DEFAULT_TOLERANCE).ok);
    expect(found).toEqual(verdicts);
  });

  it('covers the pairs where the references and the lenient comparison disagree', () => {
    const differ = (i: number) => PAIRS.filter((p) => p[3 + i] !== p[5]).length;
    expect(differ(0)).toBe(10); // LiveCodeBench vs tokens
    expect(differ(1)).toBe(8); // CodeContests vs tokens
  });
});

describe('stdioJudge', () => {
  const report = (output: string) =>
    `${JSON.stringify({ e: 't', i: 0, s: 'ok', o: output }).replace('{"e":', '{"e": ')}\n`;
  const raw = { status: 'passed', durationMs: 1, exitCode: 0 } as const;

  it('judges by the comparison it is given, and keys its verdicts on it', () => {
    const cases = [{ input: '', output: '1000000000\n' }];
    const lcb = stdioJudge(cases, DEFAULT_TOLERANCE, 1000, 'livecodebench');
    const tokens = stdioJudge(cases, DEFAULT_TOLERANCE, 1000, 'tokens');
    expect(lcb.decide(raw, report('1000001000.0\n')).status).toBe('failed');
    expect(tokens.decide(raw, report('1000001000.0\n')).status).toBe('passed');
    expect(lcb.key).not.toBe(tokens.key);
  });
});
