import { describe, expect, it } from 'vitest';
import { mcevalTclCode } from './extract-tcl.js';

describe("McEval's Tcl extraction", () => {
  it("takes the entry point's proc from the first fence that has it, to the fence's end", () => {
    const reply =
      'Intro\n```tcl\nset x 1\n```\nThen:\n```tcl\nproc f {a} {\n  return $a\n}\n```\nproc f {} {}\n';
    expect(mcevalTclCode(reply, 'f')).toBe('proc f {a} {\n  return $a\n}\n');
  });

  it('without a fence holding it: from the first `proc f` to the last closing brace', () => {
    const text = 'proc f {a} {\n  return $a\n}\nproc g {} {\n}\ntrailing words';
    expect(mcevalTclCode(text, 'f')).toBe('proc f {a} {\n  return $a\n}\nproc g {} {\n}');
  });

  it('else the first fenced block, else the whole text', () => {
    expect(mcevalTclCode('```\nset y 2\n```', 'f')).toBe('\nset y 2\n');
    expect(mcevalTclCode('set y 2', 'f')).toBe('set y 2');
  });

  it('drops every puts line with the whitespace before it, newline included (as re.sub does)', () => {
    const text = '```tcl\nproc f {} {\n    puts "a"\r\n    return 1\n}\nputs [f]\n```';
    // Python's `\s*puts.*?\n` also takes the newline before `puts` and a CR inside the line.
    expect(mcevalTclCode(text, 'f')).toBe('proc f {} {    return 1\n}');
  });
});
