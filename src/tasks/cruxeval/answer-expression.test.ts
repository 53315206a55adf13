import { describe, expect, it } from 'vitest';
import { answerExpression } from './answer-expression.js';

describe('answerExpression', () => {
  it('keeps an answer without a top-level comma whole', () => {
    for (const answer of [
      '[1, 2]',
      "{'a': (1, 2)}",
      "'x, y'",
      'f(1, 2)',
      '"""a, b"""',
      "f('\\'', 3)",
    ])
      expect(answerExpression(answer)).toBe(answer);
  });

  it("cuts at the first top-level comma, where upstream's assert starts its message", () => {
    expect(answerExpression('1, 2')).toBe('1');
    expect(answerExpression("f('a,b'), 'message'")).toBe("f('a,b')");
    expect(answerExpression('[1], [2]')).toBe('[1]');
  });

  it('skips commas in comments', () => {
    expect(answerExpression('3 # one, two')).toBe('3 # one, two');
  });
});
