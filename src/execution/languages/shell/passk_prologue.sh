# passk's prologue for shell programs (kit/script-language.ts): one line, put first (after a
# `#lang` or `#!` line). It reads the nonce's pipe to its end before any of the program's
# statements and, where the tests' checks are names a program could rebind, takes what they are.
# Placeholders: {{NONCE_FD}}.
# passk_nonce is not exported: the program's child processes do not get it (bash has no private
# scope).

IFS= read -r passk_nonce <&{{NONCE_FD}}; exec {{NONCE_FD}}<&-
