import { describe, expect, it } from 'vitest';
import { type CheckInput, checkOutput, exactPow } from './evalplus-rules.js';
import { decodePy, type PyValue } from './pyvalue.js';

const f = (v: number): PyValue => ({ kind: 'float', v });
const t = (...items: PyValue[]): PyValue => ({ kind: 'tuple', items });

function ok(fields: Partial<CheckInput> & Pick<CheckInput, 'out' | 'exp'>): boolean {
  return checkOutput({ dataset: 'mbpp', entryPoint: 'f', args: [], atol: 0, ...fields });
}

describe('checkOutput (EvalPlus check_output)', () => {
  it("uses Python's == across int, float and bool, and keeps list and tuple apart", () => {
    expect(ok({ out: 1n, exp: f(1) })).toBe(true);
    expect(ok({ out: true, exp: 1n })).toBe(true);
    expect(ok({ out: [1n, 2n], exp: [1n, 2n] })).toBe(true);
    expect(ok({ out: [1n, 2n], exp: t(1n, 2n) })).toBe(false);
    expect(ok({ out: 2n ** 53n + 1n, exp: f(2 ** 53) })).toBe(false);
    expect(ok({ out: 'a', exp: { kind: 'bytes', hex: '61' } })).toBe(false);
  });

  it('compares the MBPP set tasks as sets (Mbpp/2 in another order passes)', () => {
    const exp = t(4n, 5n);
    expect(ok({ entryPoint: 'similar_elements', out: t(5n, 4n), exp })).toBe(true);
    expect(ok({ entryPoint: 'similar_elements', out: [5n, 4n, 4n], exp })).toBe(true);
    expect(ok({ entryPoint: 'similar_elements', out: t(5n), exp })).toBe(false);
    expect(ok({ entryPoint: 'similar_elements', out: 5n, exp })).toBe(false); // set(5) raises
    // Only the listed entry points, and only for MBPP.
    expect(ok({ entryPoint: 'other', out: t(5n, 4n), exp })).toBe(false);
    expect(ok({ dataset: 'humaneval', entryPoint: 'similar_elements', out: t(5n, 4n), exp })).toBe(
      false,
    );
  });

  it('judges the not-None tasks by "returned something"', () => {
    const match: PyValue = { kind: 'opaque', type: 'Match' };
    expect(ok({ entryPoint: 'text_match_three', out: match, exp: true })).toBe(true);
    expect(ok({ entryPoint: 'text_match_three', out: null, exp: true })).toBe(false);
    expect(ok({ entryPoint: 'text_match_three', out: null, exp: false })).toBe(true);
    expect(ok({ entryPoint: 'text_match_three', out: false, exp: true })).toBe(false);
  });

  it('gives floats 1e-6 when the dataset has no atol, and uses its atol otherwise', () => {
    expect(ok({ out: f(0.3), exp: f(0.1 + 0.2) })).toBe(true);
    expect(ok({ out: f(1.0000009), exp: f(1) })).toBe(true);
    expect(ok({ out: f(1.00001), exp: f(1) })).toBe(false);
    expect(ok({ out: f(1.00009), exp: f(1), atol: 1e-4 })).toBe(true);
    expect(ok({ out: f(1.0002), exp: f(1), atol: 1e-4 })).toBe(false);
    // allclose needs the same type and length: an int is not a float there.
    expect(ok({ out: 1n, exp: f(1.0000001) })).toBe(false);
    expect(ok({ out: [f(1), f(2.0000001)], exp: [f(1), f(2)] })).toBe(true);
    expect(ok({ out: [f(1)], exp: [f(1), f(2)] })).toBe(false);
    // Mixed lists are not "floats": exact comparison only.
    expect(ok({ out: [1n, f(2.0000001)], exp: [1n, f(2)] })).toBe(false);
  });

  it('never matches NaN (np.allclose has equal_nan=False), and infinities only themselves', () => {
    expect(ok({ out: f(Number.NaN), exp: f(Number.NaN) })).toBe(false);
    expect(ok({ out: f(Number.POSITIVE_INFINITY), exp: f(Number.POSITIVE_INFINITY) })).toBe(true);
    expect(ok({ out: f(Number.NEGATIVE_INFINITY), exp: f(Number.POSITIVE_INFINITY) })).toBe(false);
  });

  it('accepts any root for HumanEval/32 and applies the MBPP special oracles', () => {
    const zero = { dataset: 'humaneval', entryPoint: 'find_zero', atol: 1e-4 } as const;
    const args: PyValue[] = [[f(-6), f(11), f(-6), f(1)]]; // (x-1)(x-2)(x-3)
    expect(ok({ ...zero, args, out: f(3), exp: f(1) })).toBe(true);
    expect(ok({ ...zero, args, out: f(2.5), exp: f(1) })).toBe(false);
    expect(ok({ ...zero, args, out: 'x', exp: f(1) })).toBe(false);
    const area = { entryPoint: 'surface_Area', args: [3n, 4n] };
    // round(9 + 2·3·√(1.5² + 4²)) = round(34.63) = 35, whatever the ground truth said.
    expect(ok({ ...area, out: 35n, exp: 0n })).toBe(true);
    expect(ok({ ...area, out: 34n, exp: 0n })).toBe(false);
  });

  it('reads the digit-distance oracle (Mbpp/558) with zero padding', () => {
    const dd = { entryPoint: 'digit_distance_nums', args: [123n, 45n] };
    // 123 vs 045: 1 + 2 + 2 = 5
    expect(ok({ ...dd, out: 5n, exp: 99n })).toBe(true);
    expect(ok({ ...dd, out: 6n, exp: 99n })).toBe(false);
  });

  it('compares dicts by key equality and Counters with missing counts as zero', () => {
    const d = (flavor: 'dict' | 'Counter', pairs: [PyValue, PyValue][]): PyValue => ({
      kind: 'dict',
      flavor,
      pairs,
    });
    expect(ok({ out: d('dict', [[1n, 'a']]), exp: d('dict', [[f(1), 'a']]) })).toBe(true);
    expect(
      ok({
        out: d('Counter', [
          ['a', 1n],
          ['b', 0n],
        ]),
        exp: d('Counter', [['a', 1n]]),
      }),
    ).toBe(true);
    expect(
      ok({
        out: d('dict', [
          ['a', 1n],
          ['b', 0n],
        ]),
        exp: d('dict', [['a', 1n]]),
      }),
    ).toBe(false);
  });

  it('treats an opaque value as equal to nothing', () => {
    expect(ok({ out: { kind: 'opaque', type: 'AlwaysEqual' }, exp: 3n })).toBe(false);
  });
});

describe('decodePy', () => {
  it('reads every tag python-encode.ts writes and rejects anything else', () => {
    expect(decodePy({ i: '-ff' })).toBe(-255n);
    expect(decodePy({ f: 'nan' })).toEqual({ kind: 'float', v: Number.NaN });
    expect(decodePy({ t: [1, { s: [2] }] })).toEqual(t(1n, { kind: 'set', items: [2n] }));
    expect(() => decodePy(1.5)).toThrow(); // a float always travels tagged
    expect(() => decodePy({ q: 1 })).toThrow();
    expect(() => decodePy({ f: 1, t: [] })).toThrow();
  });
});

describe('exactPow', () => {
  it("matches C's correctly rounded pow, so HumanEval/32's cancelling sums come out as Python's", () => {
    const x = 7999.418311588737;
    expect(exactPow(x, 1)).toBe(x);
    expect(exactPow(2, 10)).toBe(1024);
    expect(exactPow(-1.5, 3)).toBe(-3.375);
    expect(exactPow(0.1, 2)).toBe(0.010000000000000002);
    const xs = [-1663750000, 10, 10, -1663750001, 26, -1663750001, -1, -1663750001, -1, 26];
    const args: PyValue[] = [xs.map((c) => BigInt(c))];
    // Python 3.11 gives exactly 0.0 for this root of the ground truth (plus input 650).
    expect(
      ok({ dataset: 'humaneval', entryPoint: 'find_zero', atol: 1e-4, args, out: f(x), exp: f(x) }),
    ).toBe(true);
  });
});
