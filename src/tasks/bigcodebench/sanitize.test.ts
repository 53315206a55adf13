import { describe, expect, it } from 'vitest';
import { looksLikePython } from './python-lines.js';
import { codeExtract, sanitize, topLevelStatements } from './sanitize.js';

const py = (text: string) => looksLikePython(text.split('\n'));

describe('looksLikePython (upstream syntax_check, approximated)', () => {
  it.each([
    ['a function', 'def f(x):\n    return x\n'],
    ['a decorator and a class', '@dataclass\nclass A:\n    x: int = 0\n'],
    ['a multi-line string', 's = """a\n\nb # not a comment\n"""\n'],
    ['brackets over lines', 'x = [\n  1,\n    2]\n'],
    ['a backslash continuation', 'x = 1 + \\\n    2\n'],
    ['string prefixes', "x = rb'\\d' + f\"{y!r}\" + Rb'z'\n"],
    ['a match statement', 'match x:\n    case 1:\n        pass\n'],
    ['comments and blank lines', '# top\n\nx = 1  # trailing\n\n'],
    ['if / else', 'if a:\n    b()\nelse:\n    c()\n'],
    ['numbers', 'x = 0x1f + 1_000 + 1.5e-3 + 2j + .5\n'],
  ])('accepts %s', (_name, code) => {
    expect(py(code)).toBe(true);
  });

  it.each([
    ['prose', 'Here is the solution\nx = 1\n'],
    ['a fence', '```python\nx = 1\n'],
    ['an unclosed string', "x = 'abc\n"],
    ['an unclosed bracket', 'x = (1,\n'],
    ['a mismatched bracket', 'x = (1]\n'],
    ['an unexpected indent', '    x = 1\ny = 2\n'],
    ['a header without a body', 'def f():\n'],
    ['a header without a colon', 'def f()\n    return 1\n'],
    ['a label line', 'Explanation:\n    x = 1\n'],
    ['an apostrophe in prose', "It's done.\n"],
    ['a dedent to no level', 'if a:\n        b\n    c\n'],
  ])('rejects %s', (_name, code) => {
    expect(py(code)).toBe(false);
  });
});

describe('codeExtract', () => {
  it('takes the longest run of lines that parses, out of prose and fences', () => {
    const reply =
      'Sure! Here it is:\n```python\nimport os\n\ndef task_func():\n    return os.sep\n```\nThat is all.';
    expect(codeExtract(reply)).toBe('import os\n\ndef task_func():\n    return os.sep');
  });

  it('returns the first line when no run of two or more lines parses (as upstream)', () => {
    expect(codeExtract('no code here\nnone at all')).toBe('no code here');
  });
});

describe('sanitize', () => {
  const reply = [
    'Here is my answer:',
    '```python',
    'import math',
    'from collections import Counter',
    'SCALE = 2',
    'UNUSED = 3',
    '',
    'def helper(x):',
    '    return math.floor(x) * SCALE',
    '',
    'def unrelated():',
    '    return 0',
    '',
    'def task_func(values):',
    '    return Counter(helper(v) for v in values)',
    '',
    'def task_func(values):',
    '    return "a second definition is ignored"',
    '',
    'if __name__ == "__main__":',
    '    print(task_func([1.5]))',
    'print("done")',
    '```',
    'Explanation: it counts.',
  ].join('\n');

  it('keeps the imports and what the entry point reaches, first definitions only', () => {
    expect(sanitize(reply, 'task_func')).toBe(
      [
        'import math',
        'from collections import Counter',
        'SCALE = 2',
        'def helper(x):',
        '    return math.floor(x) * SCALE',
        'def task_func(values):',
        '    return Counter(helper(v) for v in values)',
      ].join('\n'),
    );
  });

  it('drops decorated definitions, as upstream (tree-sitter gives them another node type)', () => {
    const code = 'import functools\n\n@functools.cache\ndef task_func(x):\n    return x\n';
    expect(sanitize(code, 'task_func')).toBe('import functools');
  });

  it('groups a decorated definition as one statement', () => {
    const kinds = topLevelStatements('@a\n@b\ndef f():\n    pass\nx = 1\n').map((s) => s.kind);
    expect(kinds).toEqual(['other', 'assignment']);
  });

  it('cuts a trailing unindented line that names the entry point (upstream ad-hoc step)', () => {
    expect(sanitize('import os\ndef task_func(): return os.sep\n', 'task_func')).toBe('import os');
  });

  it('keeps a class the entry point uses, and a multi-line import', () => {
    const code =
      'from os import (\n    sep,\n)\nclass Box:\n    v = sep\n\ndef task_func():\n    return Box()\n';
    // Statements are joined by one newline, as upstream joins the nodes it keeps.
    expect(sanitize(code, 'task_func')).toBe(code.trimEnd().replace('\n\n', '\n'));
  });
});
