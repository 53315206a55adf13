import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../execution/types.js';
import { casesDigest, type JudgeCase, outsideJudge } from './outside-judge.js';
import type { PyValue } from './pyvalue.js';
import { suiteProgram } from './suite-program.js';

/**
 * Issue 29 item 11: EvalPlus's loop assigns its own `atol` when an expected output is a float
 * (evalplus/eval/__init__.py unsafe_execute), so the tolerance holds for the later inputs of the
 * suite. Input 0 expects 0.5; input 1 expects [1, 2.5] (an int in it: no tolerance of its own).
 * The candidate's [1, 2.5000001] passes there after input 0, and fails when it comes first.
 */
const FLOAT: PyValue = { kind: 'float', v: 0.5 };
const MIXED: PyValue = [1n, { kind: 'float', v: 2.5 }];
const CLOSE_LINE = '"v": [1, {"f": 2.5000001}]';

function outsideVerdict(expected: PyValue[], lines: string[]): Verdict {
  const cases: JudgeCase[] = expected.map((value, index) => ({
    index,
    args: [BigInt(index)],
    expected: { value },
  }));
  const judge = outsideJudge({
    dataset: 'mbpp',
    entryPoint: 'f',
    atol: 0,
    cases,
    total: cases.length,
    expectedDigest: casesDigest(cases),
  });
  const report = lines.map((body, i) => `{"e": "o", "i": ${i}, ${body}}\n`).join('');
  return judge.decide({ status: 'passed', durationMs: 1, exitCode: 0 }, report) as Verdict;
}

/** The in-process suite program (EvalPlus's comparison in the candidate's process), run by python3. */
function inProcessExit(expected: string[], outputs: string[]): number | null {
  const candidate = `_OUT = [${outputs.join(', ')}]\ndef f(i):\n    return _OUT[i]\n`;
  const tests = suiteProgram({
    mode: 'in-process',
    dataset: 'mbpp',
    entryPoint: 'f',
    atol: 0,
    cases: expected.map((exp, index) => ({
      index,
      args: `[${index}]`,
      expected: exp,
      isDigest: false,
      limitS: 4,
      cap: 1 << 20,
    })),
    total: expected.length,
  });
  return spawnSync('python3', ['-c', `${candidate}\n${tests}`], { stdio: 'ignore' }).status;
}

describe("EvalPlus's float tolerance carries over to the suite's later inputs", () => {
  it('outside judge: after a float input the mixed list is compared with the tolerance', () => {
    expect(outsideVerdict([FLOAT, MIXED], ['"v": {"f": 0.5}', CLOSE_LINE]).status).toBe('passed');
    // first, nothing has set the tolerance: exact comparison, as EvalPlus
    expect(outsideVerdict([MIXED, FLOAT], [CLOSE_LINE, '"v": {"f": 0.5}']).status).toBe('failed');
  });

  it('in-process program: the same two orders, the same two verdicts', () => {
    expect(inProcessExit(['0.5', '[1, 2.5]'], ['0.5', '[1, 2.5000001]'])).toBe(0);
    expect(inProcessExit(['[1, 2.5]', '0.5'], ['[1, 2.5000001]', '0.5'])).not.toBe(0);
    // not vacuous: the program does pass an exact answer in that order
    expect(inProcessExit(['[1, 2.5]', '0.5'], ['[1, 2.5]', '0.5'])).toBe(0);
  });
});
