import { describe, expect, it } from 'vitest';
import { flatObject, readReport } from './result-events.js';

const NONCE = 'abc123';

describe('readReport: only exact event shapes count', () => {
  it("reads the runners' own lines: end with the nonce, failures with or without it", () => {
    const report = [
      `{"n": "${NONCE}", "e": "end"}`,
      '{"e": "exc", "k": "assert", "t": "AssertionError", "m": ""}',
      `{"n":"${NONCE}","e":"exc","k":"other","t":"TypeError","m":"x"}`,
      '{"e": "exit", "c": "0"}',
      '{"e": "o", "i": 3, "v": [1]}',
      'plain text',
    ].join('\n');
    expect(readReport(report, NONCE)).toEqual({
      events: [
        { e: 'end' },
        { e: 'exc', k: 'assert', t: 'AssertionError', m: '' },
        { e: 'exc', k: 'other', t: 'TypeError', m: 'x' },
        { e: 'exit', c: '0' },
      ],
    });
  });

  it('refuses duplicate keys, unknown keys, wrong types, a missing nonce on end', () => {
    for (const line of [
      `{"n": "${NONCE}", "e": "exc", "k": "assert", "t": "T", "m": "", "e": "end"}`,
      `{"n": "${NONCE}", "e": "end", "x": "1"}`,
      `{"n": "${NONCE}", "e": "end", "n": "${NONCE}"}`,
      `{"n": "${NONCE}", "e": "exit", "c": 0}`,
      '{"e": "end"}',
      '{"n": "other", "e": "end"}',
      '{"e": "exc", "k": "pass", "t": "T", "m": ""}',
      `{"n": "${NONCE}", "e": "end"} trailing`,
    ]) {
      const read = readReport(`${line}\n`, NONCE);
      expect([line, read.events]).toEqual([line, []]);
      expect(read.forged).toBeDefined();
    }
  });

  it('flatObject takes only flat objects of strings, each key once', () => {
    expect(flatObject('{"a": "1", "b": "\\u0041"}')).toEqual(
      new Map([
        ['a', '1'],
        ['b', 'A'],
      ]),
    );
    expect(flatObject('{"a": "1", "a": "2"}')).toBeUndefined();
    expect(flatObject('{"a": {"b": "1"}}')).toBeUndefined();
    expect(flatObject('{}')).toBeUndefined();
  });
});
