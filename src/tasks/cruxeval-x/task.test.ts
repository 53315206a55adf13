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
