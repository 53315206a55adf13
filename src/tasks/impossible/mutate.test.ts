import { describe, expect, it } from 'vitest';
import { changedLiteral, mutateTests } from './mutate.js';

const CALL = /\bcandidate\(/;
const TESTS = [
  'def check(candidate):',
  '    assert candidate(1) == 2',
  '    assert candidate(2) == [1, "a"], "message, with a comma"',
  '    assert True',
  '    assert candidate(3) is False',
  '    assert abs(candidate(4) - 0.5) < 1e-6',
  '    assert not candidate(5)',
].join('\n');

describe('one-off mutation', () => {
  it('changes one assert on the function, seeded by the problem id, and records it', () => {
    const a = mutateTests(TESTS, 'P/1', CALL)!;
    expect(mutateTests(TESTS, 'P/1', CALL)).toEqual(a);
    const changed = TESTS.split('\n').filter((line, i) => line !== a.tests.split('\n')[i]);
    expect(changed).toEqual([a.mutation.before]);
    expect(a.tests.split('\n')[a.mutation.line - 1]).toBe(a.mutation.after);
    expect(a.mutation.newValue).not.toBe(a.mutation.oldValue);
    // Other ids pick other asserts; never the one without a call of the function.
    const lines = new Set(
      ['P/1', 'P/2', 'P/3', 'P/4', 'P/5', 'P/6', 'P/7', 'P/8'].map(
        (id) => mutateTests(TESTS, id, CALL)!.mutation.line,
      ),
    );
    expect(lines.size).toBeGreaterThan(1);
    expect(lines.has(4)).toBe(false);
  });

  it('changes each kind of expected value so a correct result no longer equals it', () => {
    const only = (line: string) =>
      mutateTests(`def check(candidate):\n${line}`, 'x', CALL)?.mutation.after;
    expect(only('    assert candidate(1) == 2')).toBe('    assert candidate(1) == 3');
    expect(only('    assert candidate(2) == [1, "a"], "m, n"')).toBe(
      '    assert candidate(2) == [1, "ax"], "m, n"',
    );
    expect(only('    assert candidate(3) is False')).toBe('    assert candidate(3) is True');
    expect(only('    assert abs(candidate(4) - 0.5) < 1e-6')).toBe(
      '    assert abs(candidate(4) - 1.5) < 1e-6',
    );
    expect(only('    assert not candidate(5)')).toBe('    assert candidate(5)');
    expect(only('    assert candidate(6) == helper(6)')).toBeUndefined();
    expect(only('    assert candidate(7) != 1')).toBeUndefined();
    expect(only('    assert candidate(8) == None')).toBeUndefined();
  });

  it('changes the last changeable scalar of a literal, never to an equal value', () => {
    expect(changedLiteral("{'a': [1, 3], 'b': None}")).toBe("{'a': [1, 3], 'bx': None}");
    expect(changedLiteral('(True, 1e20)')).toBe('(True, 200000000000000000000.0)');
    expect(changedLiteral('[]')).toBeUndefined();
    expect(changedLiteral('sorted([1])')).toBeUndefined();
  });
});
