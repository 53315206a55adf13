import { describe, expect, it } from 'vitest';
import { addDescToInit, extractMethodCode, methodSignature } from './methods.js';

// Expected values printed by ClassEval's own inference_util.py (eaeac44) on the same inputs.
describe('extractMethodCode (inference_util.py extract_method_code)', () => {
  it('takes the method from the first python fence, re-indented as a method', () => {
    const output = 'Here:\n```python\ndef up(self):\n        return 1\n```\nDone';
    expect(extractMethodCode(output, 'up')).toBe('    def up(self):\n        return 1\n');
  });

  it('adds @staticmethod without self or cls, and closes a docstring left open with pass', () => {
    const output =
      '### Response:\n```python\n    def twice(x):\n        """\n        doubles\n        return 2 * x\n    def other(self):\n        pass\n```';
    expect(extractMethodCode(output, 'twice')).toBe(
      '    @staticmethod\n    def twice(x):\n        """\n        doubles\n        return 2 * x\n        """\n        pass\n',
    );
  });

  it('reads after the response marker (a decoded prompt), and stops at the next line as shallow as the def', () => {
    const output =
      'prompt def up( ### Response:\nclass A:\n    def up(self, n):\n        return n\n\n    def down(self):\n        return 0\n';
    expect(extractMethodCode(output, 'up')).toBe('    def up(self, n):\n        return n\n');
  });

  it('is empty when the method is not there', () => {
    expect(extractMethodCode('no method here', 'up')).toBe('');
  });
});

describe('methodSignature and addDescToInit', () => {
  it('cut a description at its first "):" and put the class description after the first line', () => {
    expect(
      methodSignature('def f(self, a):\n        """\n        x (y): z\n        """', 'f'),
    ).toBe('    def f(self, a):');
    expect(
      addDescToInit('    """D"""\n', 'class A: \n    def __init__(self):\n        pass\n'),
    ).toBe('class A:  \n    """D"""\n\n    def __init__(self):\n        pass\n');
  });
});
