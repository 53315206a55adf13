import { describe, expect, it } from 'vitest';
import { compareOutputs, tokens } from './compare.js';
import { stdioJudge, tokenDigest } from './judge.js';

describe('compareOutputs', () => {
  it('compares token by token, ignoring trailing and repeated whitespace', () => {
    expect(compareOutputs('1 2 3\n', '1  2\t3')).toEqual({ ok: true });
    expect(compareOutputs('yes\n', 'yes   \n\n\n')).toEqual({ ok: true });
    expect(compareOutputs('a b', 'a\r\nb\r\n')).toEqual({ ok: true });
    expect(compareOutputs('1 2 3', '1 2 4')).toEqual({
      ok: false,
      reason: 'token 3: expected "3", got "4"',
    });
    expect(compareOutputs('YES', 'yes').ok).toBe(false);
  });

  it('says when the counts differ, including an empty output', () => {
    expect(compareOutputs('1 2', '1 2 3')).toEqual({
      ok: false,
      reason: 'expected 2 tokens, got 3',
    });
    expect(compareOutputs('7', '').ok).toBe(false);
  });

  it('accepts numbers within the absolute or relative tolerance', () => {
    expect(compareOutputs('0.3333333', '0.33333331').ok).toBe(true);
    expect(compareOutputs('0.333333', '0.334').ok).toBe(false);
    expect(compareOutputs('1e12', '1000000000001').ok).toBe(true); // relative 1e-6
    expect(compareOutputs('2.5', '2.50000').ok).toBe(true);
    expect(compareOutputs('1.0', '1.1', { absolute: 0.2, relative: 0 }).ok).toBe(true);
    expect(compareOutputs('1.0', '1.1', { absolute: 0.01, relative: 0 }).ok).toBe(false);
  });

  it('compares integers exactly, even where doubles cannot tell them apart', () => {
    expect(compareOutputs('12345678901234567890', '12345678901234567891').ok).toBe(false);
    expect(compareOutputs('10', '10.0000001').ok).toBe(true); // one side is not an integer
    expect(compareOutputs('nan', 'nan').ok).toBe(true); // equal text
    expect(compareOutputs('inf', 'infinity').ok).toBe(false);
  });

  it('splits on ASCII whitespace only, as the driver does for large outputs', () => {
    expect(tokens(' a\u00a0b \n c ')).toEqual(['a\u00a0b', 'c']);
  });
});

describe('stdioJudge', () => {
  const cases = [
    { input: '1 2\n', output: '3\n' },
    { input: '5 5\n', output: '10\n' },
  ];
  const judge = stdioJudge(cases, { absolute: 1e-6, relative: 1e-6 }, 2000);
  const passed = { status: 'passed' as const, durationMs: 5 };
  const line = (record: Record<string, unknown>) =>
    JSON.stringify(record).replace(/^\{"e":/, '{"e": ');

  it('passes only when every test has a matching output', () => {
    const report = [
      line({ e: 't', i: 0, s: 'ok', o: '3' }),
      line({ e: 't', i: 1, s: 'ok', o: '10\n' }),
    ].join('\n');
    expect(judge.decide(passed, report).status).toBe('passed');
    const missing = judge.decide(passed, line({ e: 't', i: 0, s: 'ok', o: '3' }));
    expect(missing).toMatchObject({ status: 'incomplete', errorType: 'MissingOutput' });
    expect(missing.message).toContain('test 2 of 2');
  });

  it('names the first failing test with its input, expected and got', () => {
    const report = [
      line({ e: 't', i: 0, s: 'ok', o: '4' }),
      line({ e: 't', i: 1, s: 'ok', o: '10' }),
    ];
    const verdict = judge.decide(passed, report.join('\n'));
    expect(verdict).toMatchObject({ status: 'failed', errorType: 'WrongAnswer' });
    expect(verdict.message).toBe(
      'test 1 of 2 (input "1 2\\n"): token 1: expected "3", got "4"; expected "3\\n", got "4"',
    );
  });

  it('reads time-limit, crash and compile lines, and keeps a failed raw verdict', () => {
    const tle = judge.decide(passed, line({ e: 't', i: 0, s: 'tle' }));
    expect(tle).toMatchObject({ status: 'timeout', errorType: 'TimeLimitExceeded' });
    const crash = judge.decide(passed, line({ e: 't', i: 0, s: 'crash', g: 'SIGSEGV' }));
    expect(crash).toMatchObject({ status: 'error', errorType: 'RuntimeError' });
    expect(crash.message).toContain('SIGSEGV');
    const compile = judge.decide(passed, line({ e: 'compile', m: "error: 'x' was not declared" }));
    expect(compile).toMatchObject({ status: 'error', errorType: 'CompileError' });
    const timeout = { status: 'timeout' as const, durationMs: 9000 };
    expect(judge.decide(timeout, '')).toBe(timeout);
  });

  it('treats a repeated line as no line, and compares large outputs by token digest', () => {
    const twice = [
      line({ e: 't', i: 0, s: 'ok', o: '3' }),
      line({ e: 't', i: 0, s: 'ok', o: '3' }),
    ];
    expect(judge.decide(passed, twice.join('\n')).status).toBe('incomplete');
    const big = [
      line({ e: 't', i: 0, s: 'ok', h: tokenDigest('3') }),
      line({ e: 't', i: 1, s: 'ok', h: tokenDigest('11') }),
    ];
    expect(judge.decide(passed, big.join('\n')).errorType).toBe('WrongAnswer');
  });

  it('changes its key with the expected outputs', () => {
    const other = stdioJudge(
      [cases[0]!, { input: '5 5\n', output: '11\n' }],
      { absolute: 1e-6, relative: 1e-6 },
      2000,
    );
    expect(other.key).not.toBe(judge.key);
  });
});
