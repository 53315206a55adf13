// passk's own `main` for a Rust program (rust.ts, rust-batch.ts): the program's `fn main()` is
// renamed `passk_user_main` and called from here; the end event is written only after it
// returned (a panic or `process::exit` never gets here). The nonce is a local of this `main`,
// read from its pipe before the program's code runs (nonce-channel.ts).
// This header (to the blank line) is dropped when the file is read (kit/harness-template.ts);
// the program gets a newline before this code.
// Placeholders:
//   {{NONCE_FD}}   the fd of the nonce's pipe (nonce-channel.ts NONCE_FD)
//   {{RESULT_FD}} the result channel's fd (worker/protocol.ts RESULT_FD)

fn main() {
    // The nonce's pipe, read to its end and closed (dropping the File) before the program runs.
    let nonce = {
        use std::io::Read;
        use std::os::unix::io::FromRawFd;
        let mut text = String::new();
        let _ = unsafe { std::fs::File::from_raw_fd({{NONCE_FD}}) }.read_to_string(&mut text);
        text
    };
    passk_user_main();
    use std::io::Write;
    let _ = std::io::stdout().flush();
    if nonce.is_empty() {
        return;
    }
    if let Ok(mut out) = std::fs::OpenOptions::new().write(true).open("/proc/self/fd/{{RESULT_FD}}") {
        let _ = out.write_all(format!("{{\"n\": \"{}\", \"e\": \"end\"}}\n", nonce).as_bytes());
    }
}
