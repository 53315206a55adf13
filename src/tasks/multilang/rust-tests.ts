import { readHarnessFile, readHarnessTemplate } from '../../core/harness-files.js';

/**
 * HumanEval-X's Rust tests are a `#[cfg(test)] mod tests` of `#[test]` functions, meant for
 * `cargo test`. passk runs every language as one program whose `main` must return for a pass,
 * so the module is kept (always compiled), its test functions made `pub`, and a `main` calls
 * each in order: a panic in any of them fails the program, as a failed #[test] fails cargo test.
 * Tests that are one block comment around #[test] functions (Rust/32's, upstream) are kept as
 * the comment they are, with an empty `main`: the original harness's `cargo test` ran none there
 * and passed anything that compiled, and so does passk (documented). Running them is not an
 * option: they draw random polynomials on which the canonical Newton solver can loop forever, so
 * the reference itself would pass or time out by chance. Other tests with no #[test] function
 * cannot pass: a program that runs no test proves nothing, so it is made a compile error.
 */
export function rustTestsAsMain(test: string): string {
  if (/^\s*\/\*[\s\S]*#\[test\][\s\S]*\*\/\s*$/.test(test)) return `${test}\n${EMPTY_MAIN}`;
  const names: string[] = [];
  const body = test
    .replace(/#\[cfg\(test\)\]\s*/g, '')
    .replace(
      /#\[test\]\s*((?:\/\/[^\n]*\n\s*)*)fn\s+(\w+)/g,
      (_, comments: string, name: string) => {
        names.push(name);
        return `${comments}pub fn ${name}`;
      },
    );
  if (names.length === 0) return `${body}\n${NO_TESTS_MAIN}`;
  const calls = names.map((name) => `    tests::${name}();\n`).join('');
  return `${body}\n${rustMain({ CALLS: calls })}`;
}

/** The mains (rust_*.rs): calling each test function, running none, and failing to compile. */
const rustMain = readHarnessTemplate(import.meta.url, 'rust_main.rs');
const EMPTY_MAIN = readHarnessFile(import.meta.url, 'rust_empty_main.rs');
const NO_TESTS_MAIN = readHarnessFile(import.meta.url, 'rust_no_tests_main.rs');
