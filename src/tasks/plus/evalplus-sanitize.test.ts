import { describe, expect, it } from 'vitest';
import { evalPlusInstruction, evalPlusSanitize } from './evalplus-sanitize.js';

const fence = '```';

describe("EvalPlus's sanitize (evalplus/sanitize.py), as its codegen applies it", () => {
  it('keeps the imports and what the entry point reaches; drops prose, __main__, unused code', () => {
    const reply = [
      'Here is the solution:',
      `${fence}python`,
      'import math',
      'from typing import List',
      '',
      'def helper(x):',
      '    return x * 2',
      '',
      'def unused():',
      '    return 0',
      '',
      'def no_return():',
      '    pass',
      '',
      'def f(xs: List[int]) -> int:',
      '    return sum(helper(x) for x in xs)',
      '',
      'if __name__ == "__main__":',
      '    print(f([1, 2]))',
      fence,
      'Hope it helps!',
    ].join('\n');
    expect(evalPlusSanitize(reply, 'f')).toBe(
      [
        'import math',
        'from typing import List',
        'def helper(x):',
        '    return x * 2',
        'def f(xs: List[int]) -> int:',
        '    return sum(helper(x) for x in xs)',
      ].join('\n'),
    );
  });

  it('skips a function without a return statement, so a later one of that name is kept', () => {
    const code = 'def f(x):\n    pass\n\ndef f(x):\n    return x\n\ndef f(x):\n    return 2\n';
    expect(evalPlusSanitize(code, 'f')).toBe('def f(x):\n    return x');
  });

  it('falls back to the longest parsable run when nothing is kept (decorated, statements only)', () => {
    // code_extract's run ends at its last non-blank line (a longer run must have more of them).
    expect(evalPlusSanitize('@cache\ndef f(x):\n    return x\n', 'f')).toBe(
      '@cache\ndef f(x):\n    return x',
    );
    expect(evalPlusSanitize('The answer:\nprint(1)\nprint(2)', 'f')).toBe('print(1)\nprint(2)');
  });

  it("asks as EvalPlus's OpenAI backend does: its prefix, then the stripped prompt in a fence", () => {
    expect(evalPlusInstruction('\n\ndef f(x):\n    """Doc."""\n')).toBe(
      `Please provide a self-contained Python script that solves the following problem in a markdown code block:\n${fence}python\ndef f(x):\n    """Doc."""\n${fence}`,
    );
  });
});
