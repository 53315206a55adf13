/**
 * Issue 25, compiled languages: a candidate rebinds what its tests name (a local `assert`, a
 * nested `Debug` class, a `#define`, a libc function the comparison calls, a `macro_rules!`), or
 * runs code before passk's harness takes the nonce. Each attack is a WRONG solution of a small
 * problem, assembled by the tasks' own joinProgram and run through the real sandbox and
 * compilers, next to a correct and a wrong program: exactly one program passes, and where passk
 * can tell an attack from a mistake, the verdict says so (`tamper`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/execution/index.js';
import type { Executor, Language, Verdict } from '../../src/execution/types.js';
import { joinProgram } from '../../src/tasks/multilang/program.js';
import type { Problem } from '../../src/tasks/types.js';
import { LIMITS } from './helpers.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/compiled-asserts');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
let executor: Executor;

beforeAll(async () => {
  executor = await createExecutor({
    allowCodeExecution: true,
    cacheDir: false,
    artifactsDir: false,
    workers: 2,
  });
}, 60_000);

afterAll(async () => {
  await executor?.close();
});

interface Case {
  language: Language;
  prompt: string;
  tests: string;
  good: string;
  bad: string;
  /** name → completion (a wrong solution plus its attack). */
  attacks: Record<string, string>;
}

/** Every program of a case, assembled as the MultiPL-E task assembles them, run in one go. */
async function verdicts(c: Case): Promise<Record<string, Verdict>> {
  const problem: Problem = {
    id: 'p',
    language: c.language,
    prompt: c.prompt,
    datasetPrompt: c.prompt,
    tests: c.tests,
    meta: {},
  };
  const completions = { good: c.good, bad: c.bad, ...c.attacks };
  const limits = { ...LIMITS, timeoutMs: 20_000, memoryBytes: 2 * 2 ** 30 };
  const jobs = Object.entries(completions).map(([id, completion]) => ({
    id,
    program: joinProgram(c.language, problem, c.prompt + completion),
    limits,
  }));
  const found = await executor.run(jobs);
  return Object.fromEntries(jobs.map(({ id }) => [id, found.get(id)!]));
}

/** Only the correct program passes; `tampered`: the attacks whose verdict must name a reason. */
function expectHeld(found: Record<string, Verdict>, tampered: Record<string, string> = {}) {
  const passed = Object.entries(found)
    .filter(([, verdict]) => verdict.status === 'passed')
    .map(([id]) => id);
  expect(passed).toEqual(['good']);
  expect(found['bad']?.status).toBe('failed');
  for (const [id, reason] of Object.entries(tampered)) {
    expect([id, found[id]?.tamper]).toEqual([id, reason]);
  }
}

describe('compiled tests stay bound where the candidate cannot rebind them', () => {
  it('C++: macros, overloads and libc interposition reach only the candidate; no code runs before the nonce is taken', async () => {
    const found = await verdicts({
      language: 'cpp',
      // std::map in both units: their unique globals (std::piecewise_construct) must not clash
      prompt:
        '#include <cassert>\n#include <map>\n#include <string>\nstd::string f(std::string s) {\n',
      tests:
        '}\nint main() {\n    std::map<long, long> seen;\n    seen[1] = 1;\n    auto candidate = f;\n    assert(candidate("ab") == "abx");\n    assert(candidate("c") == "cx");\n}\n',
      good: '    std::map<long, long> m;\n    m[1] = 2;\n    return s + "x";\n',
      bad: '    return s;\n',
      attacks: {
        macro:
          '    return s;\n}\n#define candidate(...) true ? true : f(__VA_ARGS__)\nvoid unused() {\n',
        undefAssert:
          '    return s;\n}\n#undef assert\n#define assert(e) (void)0\nvoid unused() {\n',
        memcmp:
          '    return s;\n}\nextern "C" int memcmp(const void*, const void*, unsigned long) noexcept { return 0; }\nvoid unused() {\n',
        operatorEq:
          '    return s;\n}\nbool operator==(const std::string&, const char*) { return true; }\nvoid unused() {\n',
        assertFail:
          '    return s;\n}\n#include <unistd.h>\nextern "C" void __assert_fail(const char*, const char*, unsigned int, const char*) { _exit(0); }\nvoid unused() {\n',
        preinit: fixture('cpp-preinit-steal.txt'),
        ifunc: fixture('cpp-ifunc-steal.txt'),
      },
    });
    expectHeld(found, { ifunc: 'pre-main-code' });
  }, 600_000);

  it('C#: a nested Debug class and a cleared listener list do not stand in for the assertion', async () => {
    const found = await verdicts({
      language: 'csharp',
      prompt:
        'using System;\nusing System.Diagnostics;\nclass Problem {\n    public static long Add(long a, long b) {\n',
      tests:
        '    }\n    public static void Main(string[] args) {\n    Debug.Assert(Add(1L, 1L) == 2L);\n    Debug.Assert(Add(2L, 3L) == 5L);\n    }\n\n}\n',
      good: '        return a + b;\n',
      bad: '        return a - b;\n',
      attacks: {
        nestedDebug:
          '        return a - b;\n    }\n    class Debug { public static void Assert(bool b) {} }\n    static void Unused() {\n',
        listeners: '        Debug.Listeners.Clear();\n        return a - b;\n',
      },
    });
    expectHeld(found, { nestedDebug: 'assert-rebound' });
  }, 600_000);

  it('Scala: a local assert does not stand in for Predef.assert', async () => {
    const found = await verdicts({
      language: 'scala',
      prompt:
        'import scala.math._\nimport scala.collection.mutable._\nobject Problem {\n    def add(a : Long, b : Long) : Long = {\n',
      tests:
        '    }\n    def main(args: Array[String]) = {\n    assert(add((1l), (1l)) == (2l));\n    }\n\n}\n',
      good: '        a + b\n',
      bad: '        a - b\n',
      attacks: {
        localAssert:
          '        a - b\n    }\n    def assert(b: Boolean) = ()\n    def unused() = {\n',
      },
    });
    expectHeld(found, { localAssert: 'assert-rebound' });
  }, 600_000);

  it('Java: a nested class that shadows a type the tests build is a tamper', async () => {
    const found = await verdicts({
      language: 'java',
      prompt:
        'import java.util.*;\nclass Problem {\n    public static java.util.ArrayList<Long> f(long n) {\n',
      tests:
        '    }\n    public static void main(String[] args) {\n    assert(f((2l)).equals((new ArrayList<Long>(Arrays.asList((long)1l, (long)2l)))));\n    }\n\n}\n',
      good: '        return new java.util.ArrayList<Long>(Arrays.asList(1L, 2L));\n',
      bad: '        return new java.util.ArrayList<Long>();\n',
      attacks: {
        shadowedType:
          '        return new java.util.ArrayList<Long>();\n    }\n    static class ArrayList<T> extends java.util.ArrayList<T> { ArrayList(java.util.Collection<T> c) {} }\n    static void unused() {\n',
      },
    });
    expectHeld(found, { shadowedType: 'name-rebound' });
  }, 600_000);

  it('Rust: a macro_rules! assert_eq and an .init_array entry before main do not pass', async () => {
    const found = await verdicts({
      language: 'rust',
      prompt: 'fn add(a: i64, b: i64) -> i64 {\n',
      tests: '}\n\nfn main() {\n    let candidate = add;\n    assert_eq!(candidate(1, 1), 2);\n}\n',
      good: '    a + b\n',
      bad: '    a - b\n',
      attacks: {
        macro: '    a - b\n}\nmacro_rules! assert_eq { ($($t:tt)*) => {} }\nfn unused() {\n',
        initArray: fixture('rust-init-steal.txt'),
      },
    });
    expectHeld(found, { macro: 'assert-rebound', initArray: 'pre-main-code' });
  }, 600_000);

  it("D: the unit tester cannot be swapped, and passk's nonce has no name to link to", async () => {
    const found = await verdicts({
      language: 'd',
      prompt: 'long add(long a, long b) \n',
      tests:
        'unittest\n{\n    alias candidate = add;\n\n    assert(candidate(1L, 1L) == 2L);\n}\nvoid main(){}\n',
      good: '{ return a + b; }\n\n',
      bad: '{ return a - b; }\n\n',
      attacks: { runnerSwap: fixture('d-runner-swap.txt'), nonce: fixture('d-nonce-mangle.txt') },
    });
    expectHeld(found, { runnerSwap: 'unittest-runner' });
  }, 600_000);

  it("Aider's C++: an exercise's .preinit_array entry runs after passk's, which took the nonce", async () => {
    // Exercism's warnings are errors: the entry is spelled so that -Wall -Wextra stay quiet.
    const steal = fixture('cpp-preinit-steal.txt').split('\n').slice(2, 10).join('\n');
    const exercise = (value: number, extra = '') => ({
      'canary.h': '#pragma once\nint value();\n',
      'canary.cpp': `#include "canary.h"\n${extra}\nint value() { return ${value}; }\n`,
      'canary_test.cpp': '#include "canary.h"\nint main() { return value() == 2 ? 0 : 1; }\n',
    });
    const limits = { ...LIMITS, timeoutMs: 20_000, memoryBytes: 2 * 2 ** 30 };
    const sources = { good: exercise(2), bad: exercise(1), preinit: exercise(1, steal) };
    const jobs = Object.entries(sources).map(([id, files]) => ({
      id,
      program: { language: 'exercism-cpp', source: '', files },
      limits,
    }));
    const found = await executor.run(jobs);
    const passed = jobs.map(({ id }) => id).filter((id) => found.get(id)?.status === 'passed');
    expect(passed).toEqual(['good']);
  }, 600_000);
});
