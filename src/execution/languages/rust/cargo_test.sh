# `cargo test` of an Exercism Rust exercise (exercism.ts CARGO_SCRIPT): builds the exit preload,
# runs the tests, and writes the end event only when cargo exited 0 and every test binary it ran
# said `test result: ok`.
# Arguments: $0 cargo, $1 the C compiler.
# This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
# Placeholders:
#   {{NONCE_FD}}  the fd of the nonce's pipe (nonce-channel.ts NONCE_FD)

nonce=$(cat <&{{NONCE_FD}}); exec {{NONCE_FD}}<&-
"$1" -shared -fPIC -O2 -w -o passk_exit.so passk_exit.c || { echo "passk: cannot build passk_exit.so" >&2; exit 1; }
out=$("$0" test --offline --tests -- --include-ignored 2>&1); code=$?
printf '%s\n' "$out" >&2
runs=$(printf '%s\n' "$out" | grep -c '^ *Running ')
oks=$(printf '%s\n' "$out" | grep -c '^test result: ok')
if [ -n "$nonce" ] && [ $code -eq 0 ] && [ "$runs" -gt 0 ] && [ "$runs" -eq "$oks" ]; then
  printf '{"n": "%s", "e": "end"}\n' "$nonce" >&3
fi
exit $code