import { describe, expect, it } from 'vitest';
import { addStaticStatement, extractClassCode } from './extract.js';

describe('extractClassCode (test_pipeline.py extract_code)', () => {
  it('takes the response after the Alpaca marker, then its first python fence', () => {
    const output =
      'prompt ```python\nclass P: pass\n```\n### Response:\nHere:\n```python\nclass A:\n    x = 1\n```\nmore';
    expect(extractClassCode(output)).toBe('\nclass A:\n    x = 1\n');
  });

  it('an unclosed python fence yields no code, as upstream', () => {
    expect(extractClassCode('```python\nclass A:\n    x = 1\n')).toBe('');
  });

  it('without a fence: drops prose before the class (and every line equal to it), keeps imports', () => {
    const output = 'Sure.\nimport os\n\nclass A:\n\n    def f(self):\n        return 1\n';
    expect(extractClassCode(output)).toBe(
      'import os\nclass A:\n    def f(self):\n        return 1',
    );
  });

  it('shifts an indented class left, keeping relative indentation', () => {
    const output = '  class A:\n      def f(self):\n          return 1';
    expect(extractClassCode(output)).toBe('class A:\n    def f(self):\n        return 1');
  });
});

describe('addStaticStatement', () => {
  it('re-adds @staticmethod to methods without self or cls, and only to them', () => {
    const code =
      'class A:\n    @staticmethod\n    def f(x):\n        def g(y):\n            return y\n    def h(self):\n        pass';
    expect(addStaticStatement(code)).toBe(
      'class A:\n    @staticmethod\n    def f(x):\n        def g(y):\n            return y\n    def h(self):\n        pass',
    );
    expect(addStaticStatement('class A:\n    def f(x):\n        pass')).toBe(
      'class A:\n    @staticmethod\n    def f(x):\n        pass',
    );
  });
});
