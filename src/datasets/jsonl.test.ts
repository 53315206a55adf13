import { describe, expect, it } from 'vitest';
import { JsonlSyntaxError, parseJsonLine, parseJsonl } from './jsonl.js';

describe('parseJsonLine', () => {
  it("reads the bare NaN / Infinity / -Infinity that Python's json module writes", () => {
    expect(parseJsonLine('{"a": [NaN, Infinity, -Infinity, 1.5]}')).toEqual({
      a: [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1.5],
    });
  });

  it('leaves the same words inside strings alone', () => {
    expect(parseJsonLine('{"s": "NaN and -Infinity", "n": NaN}')).toEqual({
      s: 'NaN and -Infinity',
      n: Number.NaN,
    });
  });

  it('still rejects what is not JSON', () => {
    expect(() => parseJsonLine('{"a": nan}')).toThrow();
  });
});

describe('parseJsonl', () => {
  it('names the file and line of a broken row', () => {
    const bytes = new TextEncoder().encode('{"a": 1}\n{"a": \n');
    expect(() => parseJsonl(bytes, 'x.jsonl')).toThrow(JsonlSyntaxError);
    expect(() => parseJsonl(bytes, 'x.jsonl')).toThrow('x.jsonl:2');
  });
});
