import { describe, expect, it } from 'vitest';
import { mcevalPythonCandidate } from './extract-python.js';

const row = { prompt: 'def f(a):\n    """Doc."""', entryPoint: 'f' };

describe("McEval's Python extraction", () => {
  it("takes the fenced def, hoists imports and puts the row's prompt in place of the def line", () => {
    const reply = 'Here:\n```python\ndef f(a):\n    return math.pi\nimport math\n```\nDone.';
    expect(mcevalPythonCandidate(reply, row)).toBe(
      'import math\n\ndef f(a):\n    """Doc."""\n    return math.pi',
    );
  });

  it('drops asserts, print lines, check() functions with their call and the __main__ part', () => {
    const reply =
      '```python\ndef f(a):\n    print(a)\n    return a\ndef check():\n    f(1)\ncheck()\nassert f(1) == 1\nif __name__ == "__main__":\n    f(2)\n```';
    expect(mcevalPythonCandidate(reply, row)).toBe('\n\ndef f(a):\n    """Doc."""\n    return a\n');
  });

  it('without a fence: the def up to the first unindented line; no def at all is no code', () => {
    const text = 'def f(a):\n    return a\n\n    # still f\nx = 1';
    expect(mcevalPythonCandidate(text, row)).toBe(
      '\n\ndef f(a):\n    """Doc."""\n    return a\n\n    # still f',
    );
    expect(mcevalPythonCandidate('Sorry, no code.', row)).toBeUndefined();
  });
});
