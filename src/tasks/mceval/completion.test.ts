import { describe, expect, it } from 'vitest';
import { mcevalPerl } from './perl.js';
import { mcevalRuby } from './ruby.js';

const row = (prompt: string) => ({
  task_id: 'X/1',
  prompt,
  canonical_solution: '',
  test: 'T',
  entry_point: 'f',
  signature: '',
  instruction: 'I',
  level: 'easy',
});

describe('McEval completion mode (the row prompt + the completion, not through extraction)', () => {
  it("Ruby: a body with inner `end`s is kept whole (McEval's extraction stops at the first)", () => {
    const [problem] = mcevalRuby.problems([row('# doc\ndef f(xs)')], 'x');
    const completion = '\n  xs.each do |x|\n    x\n  end\n  1\nend\n';
    expect(mcevalRuby.postprocess?.(problem!, completion)).toBe(`# doc\ndef f(xs)${completion}`);
  });

  it('Perl: a body with blank lines is kept whole (McEval stops at a blank line and a letter)', () => {
    const [problem] = mcevalPerl.problems([row('use strict;\nsub f {')], 'x');
    const completion = '\nmy $a = 1;\n\nreturn $a;\n}\n';
    expect(mcevalPerl.postprocess?.(problem!, completion)).toBe(
      `use strict;\nsub f {${completion}`,
    );
  });
});
