import { describe, expect, it } from 'vitest';
import { mcevalRustCode } from './extract-rust.js';

const row = { prompt: '/* Adds. */\nfn add(a: i32, b: i32) -> i32', entryPoint: 'add' };

describe("McEval's Rust extraction", () => {
  it("puts the prompt in place of the entry point's line, without main, checks or printing", () => {
    const reply = [
      '```rust',
      'use std::cmp::max;',
      'fn add(a: i32, b: i32) -> i32 {',
      '    println!("adding");',
      '    a + b',
      '}',
      'fn main() {',
      '    check(add);',
      '}',
      '```',
    ].join('\n');
    expect(mcevalRustCode(reply, row)).toBe(
      '\nuse std::cmp::max;\n/* Adds. */\nfn add(a: i32, b: i32) -> i32{\n    a + b\n}\n\n',
    );
  });

  it('keeps the prompt as it is when it already ends in `{`', () => {
    const braced = { ...row, prompt: `${row.prompt} {` };
    expect(mcevalRustCode('fn add(a: i32, b: i32) -> i32 {\n    a - b\n}', braced)).toBe(
      '\n/* Adds. */\nfn add(a: i32, b: i32) -> i32 {\n    a - b\n}',
    );
  });

  it('reads a fence left open to the end of the reply', () => {
    const reply = 'Here:\n```rust\nfn add(a: i32, b: i32) -> i32 {\n    a * b\n}\n';
    expect(mcevalRustCode(reply, row)).toBe(
      '\n/* Adds. */\nfn add(a: i32, b: i32) -> i32{\n    a * b\n}',
    );
  });
});
