// passk's HumanEval-X Rust harness: the main for tests that are one block comment, which run no
// test, as upstream's cargo test ran none (see rust-tests.ts). No placeholders.
// --- passk: the program text starts on the next line ---
fn main() {}
