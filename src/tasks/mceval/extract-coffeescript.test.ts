import { describe, expect, it } from 'vitest';
import { mcevalCoffeescriptCode } from './extract-coffeescript.js';

const PROMPT = "assert = require 'assert'\n# Adds.\nadd = (a, b) ->";

describe("McEval's CoffeeScript extraction", () => {
  it("puts the row's prompt in place of the fenced reply's declaration, console.log lines dropped", () => {
    const reply =
      'Sure:\n```coffeescript\nhelper = (x) -> x\nadd = (a, b) ->\n  console.log a\n  a + b\n```\nDone.';
    expect(mcevalCoffeescriptCode(reply, PROMPT, 'add')).toBe(`\n\n${PROMPT}\n  a + b`);
  });

  it('without a fence: from the entry point to the first line that is not indented', () => {
    const text = `${PROMPT}\n  a + b\n\nadd(1, 2)\n`;
    expect(mcevalCoffeescriptCode(text, PROMPT, 'add')).toBe(`\n\n${PROMPT}\n  a + b`);
  });

  it('hoists import lines and, with no declaration found, keeps all but the last line before the prompt', () => {
    const text = 'nothing here\nimport x from "y"\nline two';
    // McEval's index -1: lines[:-1], the prompt, then every line again.
    expect(mcevalCoffeescriptCode(text, PROMPT, 'add')).toBe(
      `import x from "y"\nnothing here\n\n${PROMPT}\nnothing here\n\nline two`,
    );
  });
});
