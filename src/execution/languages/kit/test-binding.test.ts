import { describe, expect, it } from 'vitest';
import { cppProgram } from '../../../tasks/multilang/program.js';
import {
  bindProgram,
  reviewTamper,
  splitAtTests,
  TESTS_MARKER,
  tamperReason,
  testsMarker,
} from './test-binding.js';

const marked = (candidate: string, declared: string[], tests: string) =>
  `${candidate}\n${testsMarker(declared)}\n${tests}`;

describe('the tests marker', () => {
  it('counts only its last line: a marker the candidate wrote is part of the candidate', () => {
    const source = marked(`fn f() {}\n${TESTS_MARKER} f\nmacro_rules! x {}`, ['f'], 'TESTS');
    const split = splitAtTests(source)!;
    expect(split.tests).toBe('TESTS');
    expect(split.candidate).toContain('macro_rules! x');
    expect([...split.declared]).toEqual(['f']);
    expect(splitAtTests('fn main() {}\n')).toBeUndefined();
  });
});

describe('bound tests', () => {
  it("rewrite each language's assertion to a name the candidate cannot shadow", () => {
    const cs = bindProgram('csharp', marked('class P {', [], '  Debug.Assert(F(1) == 2);\n}'));
    expect(cs).toContain('global::PasskAssert.That(F(1) == 2);');
    const scala = bindProgram('scala', marked('object P {', [], '  assert(f(1) == 2);\n}'));
    expect(scala).toContain('_root_.scala.Predef.assert(f(1) == 2);');
    const rust = bindProgram(
      'rust',
      marked('fn f() {', [], '}\nfn main() { assert_eq!(f(), 1); }'),
    );
    expect(rust).toContain('::core::assert_eq!(f(), 1)');
    // the candidate's part is never rewritten, and an unmarked program is left as it is
    expect(bindProgram('scala', 'def assert(b: Boolean) = ()\nassert(true)')).not.toContain(
      '_root_',
    );
  });
});

describe('tamper reasons', () => {
  const tests =
    '    }\n    def main(args: Array[String]) = {\n    assert(add(1l, 1l).equals(2l));\n    }\n}\n';
  const prompt = 'object Problem {\n    def add(a : Long, b : Long) : Long = {\n';

  it('are none for an ordinary solution with helpers, locals and its prompt’s own names', () => {
    const source = marked(
      `${prompt}        val sum = a + b\n        sum\n    }\n    def helper(x: Long) = {\n        x\n`,
      ['Problem', 'add'],
      tests,
    );
    expect(tamperReason('scala', source)).toBeUndefined();
  });

  it('name a declaration that shadows what the tests use', () => {
    const local = marked(
      `${prompt}        a - b\n    }\n    def assert(b: Boolean) = ()\n    def x() = {\n`,
      ['Problem', 'add'],
      tests,
    );
    expect(tamperReason('scala', local)).toBe('assert-rebound');
    const escaped = marked(
      'class P {\n  class \\u0044ebug { }\n',
      ['P'],
      '  Debug.Assert(true);\n}',
    );
    expect(tamperReason('csharp', escaped)).toBe('assert-rebound');
    const list = marked(
      'class P {\n  static class /* x */ ArrayList<T> { }\n',
      ['P'],
      '  new ArrayList<Long>();\n}',
    );
    expect(tamperReason('java', list)).toBe('name-rebound');
  });

  it('make a passing verdict a failure and keep any other status', () => {
    const source = marked(
      'fn f() {}\n#[link_section = ".init_array"]\nstatic X: u8 = 0;',
      ['f'],
      'fn main() {}',
    );
    const passed = reviewTamper('rust', source, { status: 'passed', durationMs: 1 });
    expect(passed).toMatchObject({ status: 'failed', tamper: 'pre-main-code' });
    const failed = reviewTamper('rust', source, { status: 'error', durationMs: 1 });
    expect(failed).toMatchObject({ status: 'error', tamper: 'pre-main-code' });
    const compiled = {
      status: 'error' as const,
      durationMs: 1,
      output: 'passk-tamper: pre-main-code (…)',
    };
    expect(reviewTamper('cpp', 'int main() {}', compiled).tamper).toBe('pre-main-code');
  });
});

describe('C++ tests as a unit of their own', () => {
  it("declare the prompt's last function, keep its helpers static, and close the candidate", () => {
    const declarations =
      '#include <string>\nstd::string enc(std::string s){\n    return s;\n}\nstd::string dec(std::string s){\n    int l=0;\n    for (;;)\n    {\n';
    const program = cppProgram('CANDIDATE', declarations, '}\nint main() {}\n');
    expect(program).toBe(
      `CANDIDATE}\n${TESTS_MARKER}\n#include <string>\nstatic std::string enc(std::string s){\n    return s;\n}\nstd::string dec(std::string s);\n\n\nint main() {}\n`,
    );
  });
});

describe('a task’s marker', () => {
  it('exempts the names its reference solution declares (HumanEval-X Rust/10: the prompt ends in a helper)', async () => {
    const { joinProgram } = await import('../../../tasks/multilang/program.js');
    const prompt = 'fn is_palindrome(s: &str) -> bool {\n';
    const reference = `${prompt}    true\n}\nfn make_palindrome(s: &str) -> String {\n    s.to_string()\n}\n`;
    const problem = {
      id: 'Rust/10',
      language: 'rust',
      prompt,
      datasetPrompt: prompt,
      tests: 'fn main() {\n    assert_eq!(make_palindrome("a"), "a");\n}\n',
      reference,
      meta: {},
    };
    const program = joinProgram('rust', problem, reference);
    expect(tamperReason('rust', program.source)).toBeUndefined();
  });
});
