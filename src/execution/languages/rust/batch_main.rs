// The root of a Rust compile batch (rust-batch.ts): each member is a module, and this crate's
// `passk_user_main` calls the one PASSK_MEMBER names; passk's own `main` (passk_main.rs) follows.
// This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
// Placeholders, filled by passk when the batch is planned:
//   {{WRAPPER}}  passk's main (rust.ts WRAPPER)
// and by the worker when it writes the batch (languages/kit/batch.ts): {items}, the members' `mod`
// lines, and {arms}, their `match` arms.

{items}
fn passk_user_main() {
    let member = std::env::var("PASSK_MEMBER").unwrap_or_default();
    std::env::remove_var("PASSK_MEMBER");
    match member.as_str() {
{arms}        _ => std::process::exit(97),
    }
}
{{WRAPPER}}