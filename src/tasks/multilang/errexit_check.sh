# passk's MultiPL-E shell harness: the check put right after the tests' `set -e`, which stops the
# tests unless errexit really is on (see harden-tests.ts, which reads this file and documents
# why). No placeholders; the file's final newline is not part of the text.
# --- passk: the program text starts on the next line ---
passk_errexit() { [[ -o errexit ]] || : "${1:?passk: set -e did not take effect}"; }; passk_errexit
