/**
 * HumanEval-X's Rust tests are a `#[cfg(test)] mod tests` of `#[test]` functions, meant for
 * `cargo test`. passk runs every language as one program whose `main` must return for a pass,
 * so the module is kept (always compiled), its test functions made `pub`, and a `main` calls
 * each in order: a panic in any of them fails the program, as a failed #[test] fails cargo test.
 * Tests that are one block comment around #[test] functions (Rust/32's, upstream) are run: the
 * original harness's `cargo test` ran none there and passed anything that compiled; passk runs
 * them, as HumanEval/32 in Python does (a documented difference). Tests with no #[test] function
 * cannot pass: a program that runs no test proves nothing, so it is made a compile error instead
 * of a trivial pass.
 */
export function rustTestsAsMain(test: string): string {
  const names: string[] = [];
  const commented = /^\s*\/\*([\s\S]*#\[test\][\s\S]*)\*\/\s*$/.exec(test);
  const body = (commented?.[1] ?? test)
    .replace(/#\[cfg\(test\)\]\s*/g, '')
    .replace(
      /#\[test\]\s*((?:\/\/[^\n]*\n\s*)*)fn\s+(\w+)/g,
      (_, comments: string, name: string) => {
        names.push(name);
        return `${comments}pub fn ${name}`;
      },
    );
  const calls =
    names.length === 0
      ? ['    compile_error!("passk: these tests have no #[test] function to run");']
      : names.map((name) => `    tests::${name}();`);
  return `${body}\nfn main() {\n${calls.join('\n')}\n}\n`;
}
