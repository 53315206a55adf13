import { describe, expect, it } from 'vitest';
import { mcevalPascalCode } from './extract-pascal.js';

const SIG = 'function f(x: integer): integer;';
const PROMPT = `{$ASSERTIONS ON}\n(* doubles x *)\n${SIG}`;
const HEAD = '{$ASSERTIONS ON}\n(* doubles x *)';

// Expected values: McEval's own extract_pascal_code on the same texts (run with python3).
describe("McEval's Pascal extraction", () => {
  it('the first fenced block after the prompt without its last line', () => {
    const reply = `Sure:\n\`\`\`pascal\n${SIG}\nbegin\n  f := 2 * x;\nend;\n\`\`\`\nDone.`;
    expect(mcevalPascalCode(reply, SIG, PROMPT)).toBe(
      `${HEAD}\n\n${SIG}\nbegin\n  f := 2 * x;\nend;`,
    );
  });

  it('from `var <signature>` to the end of its fence', () => {
    const reply = `\`\`\`\nx\n\`\`\`\n\`\`\`pascal\nvar ${SIG}\nbegin end;\n\`\`\``;
    expect(mcevalPascalCode(reply, SIG, PROMPT)).toBe(`${HEAD}\nvar ${SIG}\nbegin end;\n`);
  });

  it('the whole text without a fence; the signature removed from the head wherever it is', () => {
    const prompt = `${SIG}\nvar\n  s: integer;`;
    expect(mcevalPascalCode('begin end;', SIG, prompt)).toBe('\nvar\nbegin end;');
  });
});
