// passk's HumanEval-X Rust harness: the main that calls the tests module's #[test] functions in
// order, so that a panic in any of them fails the program, as a failed #[test] fails cargo test
// (see rust-tests.ts, which fills this file and documents it). Placeholder: the line
// "__PASSK_CALLS__"; is replaced by one line `    tests::NAME();` per test function.
// --- passk: the program text starts on the next line ---
fn main() {
    "__PASSK_CALLS__";
}
