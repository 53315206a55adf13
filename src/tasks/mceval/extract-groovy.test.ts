import { describe, expect, it } from 'vitest';
import { mcevalGroovyCode } from './extract-groovy.js';

const PROMPT = 'class C {\n    static int f(int x) {\n        """Doubles."""';

// Expected values: McEval's own extract_groovy_code on the same texts (run with python3), less
// the newline and row's test it appends.
describe("McEval's Groovy extraction", () => {
  it('imports first, then the prompt and the body after its first `{`, braces closed', () => {
    const reply =
      '```groovy\nimport java.util.List\n\nclass C {\n    public static int f(int x) {\n        println x\n        return 2 * x\n    }\n}\n\n// Example usage\nassert C.f(1) == 2\n```';
    expect(mcevalGroovyCode(reply, PROMPT, 'f')).toBe(
      'import java.util.List\nclass C {\n    static int f(int x) {\n        """Doubles."""\n\n        return 2 * x\n    }\n}',
    );
  });

  it("no `{` in the code: McEval's failed extraction, empty", () => {
    expect(mcevalGroovyCode('no code at all', PROMPT, 'f')).toBe('');
  });
});
