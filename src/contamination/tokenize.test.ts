import { describe, expect, it } from 'vitest';
import { NgramScanner, ngramKeys } from './tokenize.js';

function scanChunked(text: string, n: number, chunk: number) {
  const bytes = new TextEncoder().encode(text);
  const found: { key: number; offset: number; line: number }[] = [];
  const scanner = new NgramScanner(n, (key) => found.push({ key, ...scanner.ngramStart() }));
  for (let i = 0; i < bytes.length; i += chunk) scanner.push(bytes.subarray(i, i + chunk), i);
  scanner.end();
  return found;
}

describe('NgramScanner', () => {
  const text = 'def add(a, b):\n    """Add two numbers."""\n    return a + b\n';

  it('splits words, punctuation and whitespace as documented', () => {
    // def add ( a , b ) : " " " add two numbers . " " " return a + b  (8 + 3 + 4 + 3 + 4)
    expect(ngramKeys(text, 1).tokens).toBe(22);
    expect(ngramKeys('x[i]+=1', 1).tokens).toBe(7);
    expect(ngramKeys('héllo wörld', 1).tokens).toBe(2);
  });

  it('gives the same n-grams and locations however the bytes are chunked', () => {
    const whole = scanChunked(text, 4, 1 << 20);
    expect(whole).toHaveLength(19);
    for (const chunk of [1, 2, 3, 7]) expect(scanChunked(text, 4, chunk)).toEqual(whole);
    expect(whole[0]).toMatchObject({ offset: 0, line: 1 });
    // The 9th n-gram starts at the first `"` of line 2.
    expect(whole[8]).toMatchObject({ offset: text.indexOf('"'), line: 2 });
  });

  it('ignores whitespace layout and ASCII case', () => {
    const a = ngramKeys(text, 5).keys;
    expect(ngramKeys(text.replace(/\n {4}/g, '\n\t').toUpperCase(), 5).keys).toEqual(a);
    expect(ngramKeys(text.replace('a + b', 'a - b'), 5).keys).not.toEqual(a);
  });

  it('hashes distinct n-grams apart and equal ones alike', () => {
    const { keys } = ngramKeys('a b c a b c a b d', 3);
    expect(keys[0]).toBe(keys[3]);
    expect(new Set(keys).size).toBe(4); // abc, bca, cab, abd
  });

  it('never lets an n-gram span a reset', () => {
    const seen: number[] = [];
    const scanner = new NgramScanner(3, (key) => seen.push(key));
    scanner.push(new TextEncoder().encode('a b'), 0);
    scanner.reset();
    scanner.push(new TextEncoder().encode('c d'), 0);
    scanner.end();
    expect(seen).toEqual([]);
  });
});
