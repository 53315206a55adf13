import { describe, expect, it } from 'vitest';
import { oneLine, sampleLabel } from './terminal.js';

describe('terminal-safe text from samples', () => {
  it('removes ANSI escapes and turns every control character into a space', () => {
    expect(oneLine('a\x1b[2K\rb\x1b]0;title\x07c\nd\u202ee\x9bf')).toBe('a bc d e f');
    expect(oneLine('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('keeps plain error types and quotes anything that could pass for a summary line', () => {
    expect(sampleLabel('AssertionError')).toBe('AssertionError');
    expect(sampleLabel('std::bad_alloc')).toBe('std::bad_alloc');
    const forged = sampleLabel('X\n  pass@1 = 1.0000');
    expect(forged).toBe('"X   pass@1 \\u003d 1.0000"');
    expect(forged).not.toMatch(/pass@1 = /);
    const escaped = sampleLabel('\x1b[2K\r  pass@1 = 1.0000');
    expect(escaped).toBe('"   pass@1 \\u003d 1.0000"');
    expect(sampleLabel('A'.repeat(200)).length).toBeLessThanOrEqual(62);
  });
});
