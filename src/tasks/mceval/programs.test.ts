/**
 * What passk changes in McEval's Rust and C# tests so its runtimes run them (rust.ts, csharp.ts):
 * checked on the program text; the reference runs (registry-run, docs/tasks.md) compile them.
 */
import { describe, expect, it } from 'vitest';
import type { Problem } from '../types.js';
import { mcevalCsharp } from './csharp.js';
import type { McevalData } from './rows.js';
import { mcevalRust } from './rust.js';

function problem(language: 'rust' | 'csharp', prompt: string, test: string): Problem<McevalData> {
  return {
    id: 'X/1',
    language,
    prompt,
    datasetPrompt: prompt,
    tests: test,
    entryPoint: 'f',
    reference: `${prompt} {}`,
    meta: { signature: prompt, test, level: 'easy', instruction: '' },
  };
}

describe('McEval programs', () => {
  it("Rust: a #[test] function named main is renamed and called from passk's main", () => {
    const test =
      '#[cfg(test)]\nmod tests {\n    use super::*;\n    #[test]\n    fn main() {\n        assert_eq!(f(), 1);\n    }\n}\n';
    const p = problem('rust', 'fn f() -> i32', test);
    const { source } = mcevalRust.program(p, 'fn f() -> i32 { 1 }');
    expect(source).toContain('pub fn mceval_test_main()');
    expect(source).toContain('tests::mceval_test_main();');
    // One `fn main()` left: the one calling the tests (the runtime renames the first).
    expect(source.match(/\bfn\s+main\s*\(\s*\)/g)).toHaveLength(1);
  });

  it("Rust: the answer's own #[cfg(test)] items are compiled, as cargo test compiles them", () => {
    const test = '#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {}\n}\n';
    const own = 'fn f() -> i32 { 1 }\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn mine() {}\n}';
    const { source } = mcevalRust.program(problem('rust', 'fn f() -> i32', test), own);
    // Two modules `tests`: a compile error, as in McEval's cargo test.
    expect(source.match(/#\[cfg\(test\)\]/g)).toBeNull();
    expect(source.match(/\bmod tests\b/g)).toHaveLength(2);
  });

  it("C#: the tests' Main is the launcher's public Main(string[]), tuple == is Equals", () => {
    const test =
      '    static void Main()\n    {\n        Debug.Assert(f(2) == (50, 12421));\n        Debug.Assert(f(1) == 3);\n    }\n}\n';
    const p = problem('csharp', 'class Program\n{\n    static (int, int) f(int x)', test);
    const { source } = mcevalCsharp.program(
      p,
      'class Program\n{\n    static (int, int) f(int x) {}',
    );
    expect(source).toContain('public static void Main(string[] args)');
    expect(source).toContain('Debug.Assert((f(2)).Equals((50, 12421)));');
    expect(source).toContain('Debug.Assert(f(1) == 3);');
    expect(source).toMatch(/^using System;\nusing System.Collections.Generic;/);
  });
});
