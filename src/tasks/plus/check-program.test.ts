import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkProgram, type OutputCheck } from './check-program.js';
import type { OracleAnswer } from './oracle-cache.js';

/** `[index, args, expected, isDigest]`; isDigest defaults to false. */
type Case = [number, string, string, boolean?];

/** Runs candidate + check code in a plain interpreter: the check code is what is under test. */
function run(candidate: string, given: Case[], atol = 0, check: OutputCheck = 'equal') {
  const cases = given.map(([i, args, exp, isDigest]): OracleAnswer['cases'][number] => [
    i,
    args,
    exp,
    isDigest ?? false,
  ]);
  const answer: OracleAnswer = { cases, skipped: [], gtMs: 1, conversion: [] };
  const tests = checkProgram({ answer, entryPoint: 'f', atol, check, totalInputs: cases.length });
  const result = spawnSync('python3', ['-I', '-S', '-c', `${candidate}\n${tests}\nprint("END")`], {
    encoding: 'utf8',
  });
  const passed = result.status === 0 && result.stdout.includes('END');
  return { passed, error: result.stderr.trim().split('\n').at(-1) ?? '' };
}

describe('checkProgram', () => {
  it('passes equal outputs and names the first wrong input otherwise', () => {
    const cases: Case[] = [
      [0, '[1, 2]', '3'],
      [7, '[2, 2]', '4'],
    ];
    expect(run('def f(a, b):\n    return a + b', cases).passed).toBe(true);
    const wrong = run('def f(a, b):\n    return a + b if a == 1 else 0', cases);
    expect(wrong.passed).toBe(false);
    expect(wrong.error).toBe('AssertionError: input 7 of 2: got 0, expected 4');
  });

  it('forgives last-bit float differences when no atol is given, and nothing visible', () => {
    const cases: Case[] = [[0, '[0.1, 0.2]', '0.30000000000000004']];
    expect(run('def f(a, b):\n    return 0.3', cases).passed).toBe(true);
    expect(run('def f(a, b):\n    return 0.3001', cases).passed).toBe(false);
    expect(run('def f(a, b):\n    return [0.3]', [[0, '[0.1, 0.2]', '[0.3]']]).passed).toBe(true);
  });

  it("uses the dataset's atol when it gives one, and matches NaN with NaN only", () => {
    const cases: Case[] = [[0, '[1]', '2.0']];
    expect(run('def f(a):\n    return 2.0000009', cases, 1e-6).passed).toBe(true);
    expect(run('def f(a):\n    return 2.00001', cases, 1e-6).passed).toBe(false);
    const nan: Case[] = [[0, '[1]', "float('nan')"]];
    expect(run("def f(a):\n    return float('nan')", nan).passed).toBe(true);
    expect(run('def f(a):\n    return 0.0', nan).passed).toBe(false);
  });

  it('compares as sets only where the task says order does not matter', () => {
    const cases: Case[] = [[0, '[(3, 4, 5), (5, 4)]', '(4, 5, )']];
    const reordered = 'def f(a, b):\n    return (5, 4)';
    expect(run(reordered, cases).passed).toBe(false);
    expect(run(reordered, cases, 0, 'set').passed).toBe(true);
  });

  it('judges by a property where the task gives one', () => {
    const check: OutputCheck = { python: 'abs(out * out - args[0]) <= atol' };
    const cases: Case[] = [[0, '[4.0]', '2.0']];
    expect(run('def f(x):\n    return -2.0', cases, 1e-9, check).passed).toBe(true);
    expect(run('def f(x):\n    return 3.0', cases, 1e-9, check).passed).toBe(false);
  });

  it('compares a big output by the digest of its canonical literal, set order ignored', () => {
    const digest = (text: string) => createHash('sha256').update(text).digest('hex');
    const cases: Case[] = [[0, '[3]', digest('[set([1, 2, 3]), (0, )]'), true]];
    expect(run('def f(n):\n    return [{3, 2, 1}, (0,)]', cases).passed).toBe(true);
    const wrong = run('def f(n):\n    return [{3, 2, 1}, [0]]', cases);
    expect(wrong.error).toMatch(/input 0 of 1: got .*, not the expected \(long\) output/);
  });

  it('gives each call fresh arguments, so a mutating candidate cannot spoil later inputs', () => {
    const cases: Case[] = [
      [0, '[[3, 1, 2]]', '1'],
      [1, '[[3, 1, 2]]', '1'],
    ];
    expect(run('def f(xs):\n    xs.sort()\n    xs.pop()\n    return xs[0]', cases).passed).toBe(
      true,
    );
  });
});
