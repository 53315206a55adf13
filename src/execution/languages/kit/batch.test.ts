import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../../sandboxes/common.js';
import { goBatch } from '../go/go-batch.js';
import { rustBatch } from '../rust/rust-batch.js';
import { BATCH_SIZE, Batches, topLevelText } from './batch.js';

const rust = rustBatch(['rustc'], 'fn main() { passk_user_main(); }\n');
const go = goBatch({ build: ['go', 'test', '-c'], env: {}, testMain: 'package main\n', guard: '' });
const limits = resolveLimits({ timeoutMs: 1000, memoryBytes: 2 ** 30, outputBytes: 2 ** 20 });
const run = { argv: ['{artifacts}/program'] };

describe('topLevelText', () => {
  it('keeps only what is outside every brace, without comments and strings', () => {
    expect(topLevelText('a { b { c } } d // { e\n"{" f /* } */')).toBe('a  d   f  ');
    // A comment separates tokens: `func/**/init` and `var// c⏎y` stay two words.
    expect(topLevelText('func/**/init() {}\nvar// c\ny = 1')).toBe('func init() \nvar y = 1');
    // A "//" inside a string is not a comment (HumanEval-X Go/160's operators).
    expect(topLevelText('func f() { if b == "//" { g() } }\nvar x')).toBe('func f() \nvar x');
    expect(topLevelText('s := `{` + "\\"{"')).toBe('s :=  + ');
    expect(topLevelText('a { b')).toBeUndefined();
    expect(topLevelText('a } b {')).toBeUndefined();
  });
});

describe('which programs may share a compile', () => {
  it('Rust: a plain program with a main, not one that reaches outside its module', () => {
    expect(rust.eligible('fn main() {\n    assert!(true);\n}\n')).toBe(true);
    expect(rust.eligible('mod tests { use super::*; }\nfn main() {}\n')).toBe(true);
    expect(rust.eligible('fn helper() {}\n')).toBe(false); // no main
    expect(rust.eligible('#![no_std]\nfn main() {}\n')).toBe(false);
    expect(rust.eligible('use super::*;\nfn main() {}\n')).toBe(false);
    expect(rust.eligible('fn main() { crate::f(); }\nfn f() {}\n')).toBe(false);
    expect(rust.eligible('#[no_mangle]\npub fn f() {}\nfn main() {}\n')).toBe(false);
    expect(
      rust.eligible('#[link_section = ".init_array"]\nstatic F: u8 = 0;\nfn main() {}\n'),
    ).toBe(false);
    // Code before main, spelled so that the attribute does not follow `#[` (redteam): each would
    // run in every member's process of the batch.
    const early = (attribute: string) =>
      `${attribute}\nstatic F: fn() = f;\nfn f() {}\nfn main() {}\n`;
    expect(rust.eligible(early('#[cfg_attr(all(), link_section = ".init_array")]'))).toBe(false);
    expect(rust.eligible(early('#[unsafe(link_section = ".init_array")]'))).toBe(false);
    expect(rust.eligible(early('#[/* x */ used]'))).toBe(false);
    expect(rust.eligible(early('#[ // x\n used]'))).toBe(false);
    expect(rust.eligible(early('#[cfg_attr(all(), used)]'))).toBe(false);
    expect(rust.eligible('std::arch::global_asm!(".section .init_array");\nfn main() {}\n')).toBe(
      false,
    );
    expect(rust.eligible('#[ // x\n path = "passk_m0.rs"] mod m;\nfn main() {}\n')).toBe(false);
    expect(rust.eligible('const S: &str = include ! ("passk_m0.rs");\nfn main() {}\n')).toBe(false);
    // Words that are only names stay in: a `used` or `path` variable is common.
    expect(
      rust.eligible('fn main() {\n    let used = vec![false; 3];\n    let path = 1;\n}\n'),
    ).toBe(true);
  });

  it('Go: tests only, no package initialisation', () => {
    const test = 'func TestA(t *testing.T) {\n\tvar x = 1\n\t_ = x\n}\n';
    expect(go.eligible(`package main\n\nimport "testing"\n\n${test}`)).toBe(true);
    expect(go.eligible(`package main\n\nvar y = f()\n\n${test}`)).toBe(false);
    expect(go.eligible(`package main\n\nvar (\n\ty = 1\n)\n\n${test}`)).toBe(false);
    expect(go.eligible(`package main\n\nfunc init() {}\n\n${test}`)).toBe(false);
    // Comments between the keyword and the name (valid Go) do not hide initialisation.
    expect(go.eligible(`package main\n\nfunc/**/init() {}\n\n${test}`)).toBe(false);
    expect(go.eligible(`package main\n\nfunc// c\ninit() {}\n\n${test}`)).toBe(false);
    expect(go.eligible(`package main\n\nvar/**/y = f()\n\n${test}`)).toBe(false);
    expect(go.eligible(`package main\n\nvar// c\ny = f()\n\n${test}`)).toBe(false);
    expect(go.eligible(`package main\n\nfunc ExampleA() {}\n\n${test}`)).toBe(false);
    // `go test` rejects a Test function with the wrong signature: left to fail alone.
    expect(go.eligible(`package main\n\nfunc TestB(x int) {}\n\n${test}`)).toBe(false);
    expect(go.eligible('package main\n\nfunc helper() {}\n')).toBe(false); // no test
  });

  it("Go: a member's tests run as subtests of its own package", () => {
    const files = go.memberFiles(
      'package main\n\nfunc TestA(t *testing.T) {}\n\nfunc Test_b(t *testing.T) {}\n',
      'passk_m4',
    );
    expect(files['passk_m4/x.go']).toMatch(/^package passk_m4\n/);
    expect(files['passk_m4/passk_tests.go']).toContain('t.Run("TestA", TestA)');
    expect(files['passk_m4/passk_tests.go']).toContain('t.Run("Test_b", Test_b)');
  });
});

describe('Batches', () => {
  const program = (n: number) => `fn main() {\n    assert_eq!(${n}, ${n});\n}\n`;

  it('deals the programs of a run into batches, slots side by side, each at most BATCH_SIZE', () => {
    // 74 programs, 2 slots: two batches of 32 dealt alternately, then the 10 left in one.
    const batches = new Batches(rust, ['python3'], 'v1');
    const sources = Array.from({ length: 2 * BATCH_SIZE + 10 }, (_, i) => program(i));
    batches.prepare(['#![no_std]\nfn main() {}\n', ...sources], 2);
    const steps = sources.map((source) => batches.step(source, limits, run)!);
    const keys = new Map<string, string[]>();
    for (const step of steps) keys.set(step.key, [...(keys.get(step.key) ?? []), step.member]);
    expect([...keys.values()].map((members) => members.length)).toEqual([
      BATCH_SIZE,
      BATCH_SIZE,
      10,
    ]);
    // Consecutive programs go to different batches, so two slots build two batches at once.
    expect(steps[0]!.key).not.toBe(steps[1]!.key);
    expect(steps[0]!.run.env).toEqual({ PASSK_MEMBER: steps[0]!.member });
    expect(batches.step('#![no_std]\nfn main() {}\n', limits, run)).toBeUndefined();
  });

  it('the same programs make the same batch (its cache key); a different one another', () => {
    const sources = Array.from({ length: 8 }, (_, i) => program(i));
    const a = new Batches(rust, ['python3'], 'v1');
    const b = new Batches(rust, ['python3'], 'v1');
    a.prepare(sources, 1);
    b.prepare(sources, 1);
    expect(a.step(sources[3]!, limits, run)?.key).toBe(b.step(sources[3]!, limits, run)?.key);
    b.prepare([...sources.slice(1), program(99)], 1);
    expect(a.step(sources[3]!, limits, run)?.key).not.toBe(b.step(sources[3]!, limits, run)?.key);
  });

  it('batches nothing for a handful of programs, or when PASSK_COMPILE_BATCH=0', () => {
    const batches = new Batches(rust, ['python3'], 'v1');
    batches.prepare([program(1), program(2), program(3)], 2);
    expect(batches.step(program(1), limits, run)).toBeUndefined();
    process.env['PASSK_COMPILE_BATCH'] = '0';
    try {
      batches.prepare(
        Array.from({ length: 8 }, (_, i) => program(i)),
        2,
      );
    } finally {
      delete process.env['PASSK_COMPILE_BATCH'];
    }
    expect(batches.step(program(1), limits, run)).toBeUndefined();
  });
});
