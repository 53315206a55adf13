import { describe, expect, it } from 'vitest';
import type { Problem } from '../types.js';
import { mergeGoImports } from './go-imports.js';
import { adaptTests } from './multipl-e-tests.js';
import { braceCandidate } from './program.js';
import { rustTestsAsMain } from './rust-tests.js';

describe('mergeGoImports', () => {
  it('merges the setup and prompt import blocks into one, each path once', () => {
    const source =
      'package main\n\nimport (\n    "testing"\n    "math"\n)\nimport (\n    "math"\n    "strings"\n)\n\nfunc F() {}\n';
    const merged = mergeGoImports(source);
    expect(merged).toBe(
      'package main\n\nimport (\n    "testing"\n    "math"\n    "strings"\n)\n\n\nfunc F() {}\n',
    );
  });

  it('leaves a program without imports alone', () => {
    expect(mergeGoImports('package main\n\nfunc F() {}\n')).toBe('package main\n\nfunc F() {}\n');
  });
});

describe('rustTestsAsMain', () => {
  it('makes each #[test] function pub and calls it from main, comments between kept', () => {
    const test =
      '#[cfg(test)]\nmod tests {\n    use super::*;\n#[test]\n    fn a() {}\n    #[test]\n    // why\n    fn b() {}\n}\n';
    const out = rustTestsAsMain(test);
    expect(out).not.toContain('#[cfg(test)]');
    expect(out).toContain('pub fn a()');
    expect(out).toContain('// why\n    pub fn b()');
    expect(out.endsWith('fn main() {\n    tests::a();\n    tests::b();\n}\n')).toBe(true);
  });

  it('keeps tests that upstream wrapped in one block comment as a comment, as cargo test does', () => {
    const out = rustTestsAsMain('\n/*\n#[cfg(test)]\nmod tests {\n#[test]\n    fn t() {}\n}\n*/\n');
    expect(out).toContain('/*');
    expect(out).not.toContain('tests::t();');
    expect(out.endsWith('fn main() {}\n')).toBe(true);
  });

  it('turns tests without any #[test] function into a compile error, never a trivial pass', () => {
    expect(rustTestsAsMain('mod tests {}\n')).toContain('compile_error!');
  });
});

describe('braceCandidate', () => {
  const problem = { prompt: 'int f() {\n' } as Problem;
  it('cuts at the stop sequence and closes the function', () => {
    expect(braceCandidate(problem, '  return 1;\n}\nint main() {}', ['\n}'], '\n}')).toBe(
      'int f() {\n  return 1;\n}',
    );
  });
  it('drops an echoed prompt before searching', () => {
    expect(braceCandidate(problem, 'int f() {\n  return 2;\n}', ['\n}'], '\n}')).toBe(
      'int f() {\n  return 2;\n}',
    );
  });
});

describe('adaptTests (MultiPL-E)', () => {
  it("Lua: luaunit's os.exit becomes a raise on failures, so the end event can follow", () => {
    const out = adaptTests('lua', "lu = require('luaunit')\nos.exit(lu.LuaUnit.run())\n");
    expect(out).not.toContain('os.exit');
    expect(out).toContain('local passk_failures = lu.LuaUnit.run()');
    expect(out).toContain("if passk_failures ~= 0 then error('assertion failed!");
  });
  it('Racket: a failed rackunit check is raised', () => {
    expect(adaptTests('rkt', '(require rackunit)\n(check-equal? 1 2)\n')).toBe(
      '(require rackunit)\n(current-check-handler raise)\n(check-equal? 1 2)\n',
    );
  });
  it('leaves the other languages alone', () => {
    expect(adaptTests('php', 'test();\n')).toBe('test();\n');
  });
});
