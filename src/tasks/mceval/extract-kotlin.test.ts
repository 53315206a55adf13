import { describe, expect, it } from 'vitest';
import { mcevalKotlinCode } from './extract-kotlin.js';

const PROMPT = '/** Doubles. */\nfun f(x: Int): Int ';

// Expected values: McEval's own extract_kotlin_code on the same texts (run with python3), less
// the newline and row's test it appends (None when it fails: '' here).
describe("McEval's Kotlin extraction", () => {
  it('imports, the prompt, then the body from its first `{`; main and stray braces dropped', () => {
    const reply =
      '```kotlin\nimport kotlin.math.abs\n\nfun f(x: Int): Int {\n    return 2 * x\n}\n}\n\nfun main() {\n    check(f(1) == 2)\n}\n```';
    expect(mcevalKotlinCode(reply, PROMPT, 'f')).toBe(
      'import kotlin.math.abs\n/** Doubles. */\nfun f(x: Int): Int \n{\n    return 2 * x\n}',
    );
  });

  it("no `{` in the code: McEval's failed extraction, empty", () => {
    expect(mcevalKotlinCode('no code at all', PROMPT, 'f')).toBe('');
  });
});
