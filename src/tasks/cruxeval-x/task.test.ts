import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../types.js';
import { questionOf } from './question.js';
import { cruxevalX } from './task.js';

/** A Racket row whose code, like Racket/13's upstream, carries a stray fence before its test. */
const code =
  '#lang racket\n(define (f x) (+ x 1))\n```\n(require rackunit)\n\n(define (test-humaneval)\n  (check-equal? (f 1) 2))\n(test-humaneval)\n';
const test =
  '(require rackunit)\n\n(define (test-humaneval)\n  (check-equal? (f 1) ????))\n(test-humaneval)\n';

describe('CRUXEval-X programs', () => {
  it("drop every ``` of the question before the answer goes in, as upstream's code.replace('```', '')", () => {
    const task = cruxevalX('rkt', 'output');
    const question = questionOf('rkt', 'output', code, test);
    const problem = { meta: { question, shots: [] } } as unknown as Problem<never>;
    const source = task.program?.(problem as never, '"```"').source ?? '';
    expect(source).toContain('(define (f x) (+ x 1))\n\n(require rackunit)');
    // the answer's own text is not touched: upstream fills it in after the clean-up
    expect(source).toContain('(check-equal? (f 1) "```")');
  });
});

/** A data folder of one Python row and three examples of our own; `inference` adds upstream's `<lang>.json`. */
function pythonData(inference: boolean): { rows: Record<string, unknown>[]; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'passk-cruxx-'));
  const code = 'def f(x):\n    return x + 1\ndef check(candidate):\n    assert candidate(1) == 2\n';
  const row = {
    id: 0,
    code,
    input_reasoning: 'def check(candidate):\n    assert candidate(????) == 2\n',
    output_reasoning: 'def check(candidate):\n    assert candidate(1) == ????\n',
  };
  const example = (id: number) => ({ id, code, inputs: 'candidate(1)', outputs: '2' });
  mkdirSync(join(dir, 'examples'));
  writeFileSync(join(dir, 'examples', 'py.json'), JSON.stringify([1, 2, 3].map(example)));
  const file = join(dir, 'py.jsonl');
  writeFileSync(file, `${JSON.stringify(row)}\n`);
  // upstream's datasets/cruxeval-x/py.json: the same code with a newline before it, a row without code
  const upstream = [{ id: 0, code: `\n${code}` }, { id: 1 }];
  if (inference) writeFileSync(join(dir, 'py.json'), JSON.stringify(upstream));
  return { rows: [row], file };
}

describe("CRUXEval-X questions from upstream's inference file", () => {
  it('take the code of datasets/cruxeval-x/<lang>.json when it is beside the data file', () => {
    const task = cruxevalX('py', 'output');
    const { rows, file } = pythonData(true);
    const [problem] = task.problems(rows, file);
    expect(
      problem?.prompt.endsWith(
        '```py\n\ndef f(x):\n    return x + 1\ndef check(candidate):\n    assert candidate(1) == ????\n\n```\n',
      ),
    ).toBe(true);
    expect(problem?.reference).toBe('2');
    expect(task.program?.(problem as never, '2').source.startsWith('\ndef f(x):')).toBe(true);
    expect(task.metricsInfo?.['question_code']).toContain("upstream's datasets/cruxeval-x");
  });

  it("else cruxeval_preprocessed's code, and metrics.json says so", () => {
    const task = cruxevalX('py', 'output');
    const { rows, file } = pythonData(false);
    const [problem] = task.problems(rows, file);
    expect(problem?.prompt).toContain('```py\ndef f(x):');
    expect(task.metricsInfo?.['question_code']).toContain('not beside the data file');
  });
});

describe('CRUXEval-X rows whose own code fails its test', () => {
  it('are no known-good reference for the preflight (R/340), the others are', () => {
    const dir = mkdtempSync(join(tmpdir(), 'passk-cruxx-'));
    const code = 'f <- function(x) x + 1\ntest_humaneval <- function() stopifnot(f(1) == 2)\n';
    const row = (id: number) => ({
      id,
      code,
      input_reasoning: 'test_humaneval <- function() stopifnot(candidate(????) == 2)\n',
      output_reasoning: 'test_humaneval <- function() stopifnot(f(1) == ????)\n',
    });
    const example = (id: number) => ({ id, code, inputs: 'candidate(1)', outputs: '2' });
    mkdirSync(join(dir, 'examples'));
    writeFileSync(join(dir, 'examples', 'r.json'), JSON.stringify([1, 2, 3].map(example)));
    const problems = cruxevalX('r', 'output').problems([row(339), row(340)], join(dir, 'r.jsonl'));
    expect(problems.map((p) => p.meta.referenceFails === true)).toEqual([false, true]);
  });
});
