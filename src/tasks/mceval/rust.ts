import { rustTestsAsMain } from '../multilang/rust-tests.js';
import { mcevalRustCode } from './extract-rust.js';
import { mcevalTestsMarker } from './marker.js';
import { mcevalTask } from './rows.js';

/**
 * McEval's Rust generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's Rust extraction (extract-rust.ts: the row's prompt in place of
 * the entry point's declaration line), the row's test follows (a `#[cfg(test)] mod tests`), and
 * the program passes when every `#[test]` function returns within 15 s: McEval runs `cargo test`
 * (rand, regex and md5 as dependencies, which passk's Rust runtime provides); passk calls the
 * test functions from a `main` (rust-tests.ts). Completion mode extracts from the prompt +
 * completion.
 */
export const mcevalRust = mcevalTask({
  language: 'rust',
  dataName: 'Rust',
  sha256: '721cd2eefbe52fac7c86026f8e48576be3828a11d6128330e97fbb332c9c7f38',
  description:
    "McEval Rust (53 problems): the instruction as the chat message, McEval's Rust extraction, its #[test] functions",
  // A base model continuing the function stops before writing its own main or tests.
  stopSequences: ['\n```', '\nfn main', '\n#[cfg(test)]'],
  extract: (problem, text) =>
    mcevalRustCode(text, { prompt: problem.datasetPrompt, entryPoint: problem.entryPoint ?? '' }),
  program: (problem, code) => ({
    language: 'rust',
    source: `${asCargoTestCompiles(code)}\n${mcevalTestsMarker('rust', problem)}\n${rustTestsAsMain(testMainRenamed(problem.meta.test))}`,
  }),
});

/**
 * 48 rows name their one #[test] function `main`; passk's Rust runtime renames a program's first
 * `fn main()` to call it from its own, so that test function is renamed `mceval_test_main` (what
 * it runs is unchanged).
 */
function testMainRenamed(test: string): string {
  return test.replace(/(#\[test\]\s*(?:\/\/[^\n]*\n\s*)*fn\s+)main\b/g, '$1mceval_test_main');
}

/**
 * The candidate as `cargo test` compiles it, `cfg(test)` on: an answer's own
 * `#[cfg(test)] mod tests` is then a second module `tests` beside the row's, a compile error
 * (E0428) in McEval as here, not code passk's plain build would leave out. The answer's own
 * `#[test]` functions are compiled, not run (McEval's cargo test runs them too).
 */
function asCargoTestCompiles(code: string): string {
  return code.replace(/#\[cfg\(test\)\]/g, '');
}
