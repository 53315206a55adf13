import { describe, expect, it } from 'vitest';
import { extractCode, extractProgram, fencedBlocks, longestCodeRun } from './extract.js';

const PROMPT = 'from typing import List\n\n\ndef total(xs: List[int]) -> int:\n    """Sum."""\n';
const options = { language: 'python', prompt: PROMPT, entryPoint: 'total' };

describe('fencedBlocks', () => {
  it('finds tagged and untagged fences, and a last fence left open by truncation', () => {
    const reply = 'a\n```python\nx = 1\n```\ntext\n```\ny = 2\n```\n~~~js\nlet z\n';
    expect(fencedBlocks(reply)).toEqual([
      { tag: 'python', code: 'x = 1\n' },
      { tag: '', code: 'y = 2\n' },
      { tag: 'js', code: 'let z\n' },
    ]);
  });
});

describe('extractCode', () => {
  it('prefers the block in the task language over a longer one in another', () => {
    const reply =
      '```bash\npip install numpy && python main.py --with --many --flags\n```\n```py\ndef total(xs):\n    return sum(xs)\n```';
    expect(extractCode(reply, 'python', 'total')).toBe('def total(xs):\n    return sum(xs)\n');
  });

  it('prefers the block that defines the entry point over a longer example block', () => {
    const reply =
      '```python\ndef total(xs):\n    return sum(xs)\n```\nExample:\n```python\nprint(total([1, 2, 3]))\nprint(total([4, 5, 6]))\nprint(total([]))\n```';
    expect(extractCode(reply, 'python', 'total')).toBe('def total(xs):\n    return sum(xs)\n');
  });

  it('falls back to the longest code-looking run when there is no fence', () => {
    const reply =
      'Sure! Here it is:\n\ndef total(xs):\n    s = 0\n    for x in xs:\n        s += x\n    return s\n\nThis loops over the list.';
    expect(extractCode(reply, 'python', 'total')).toBe(
      'def total(xs):\n    s = 0\n    for x in xs:\n        s += x\n    return s\n',
    );
    expect(longestCodeRun('No code at all here, sorry')).toBeUndefined();
  });

  it('returns the whole reply when nothing looks like code', () => {
    expect(extractCode('I cannot help with that', 'python')).toBe('I cannot help with that');
  });
});

describe('extractProgram', () => {
  it('prepends the prompt when the reply is a body without the signature', () => {
    const reply = '```python\n    return sum(xs)\n```';
    expect(extractProgram(reply, options)).toBe(`${PROMPT}    return sum(xs)\n`);
  });

  it('keeps a full function and adds the imports the prompt needs', () => {
    const reply = '```python\ndef total(xs: List[int]) -> int:\n    return sum(xs)\n```';
    expect(extractProgram(reply, options)).toBe(
      'from typing import List\n\ndef total(xs: List[int]) -> int:\n    return sum(xs)\n',
    );
  });

  it('does not duplicate imports the code already has', () => {
    const reply =
      '```python\nfrom typing import List\ndef total(xs: List[int]) -> int:\n    return sum(xs)\n```';
    expect(extractProgram(reply, options)).toBe(
      'from typing import List\ndef total(xs: List[int]) -> int:\n    return sum(xs)\n',
    );
  });
});
