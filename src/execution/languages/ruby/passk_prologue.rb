# passk's prologue for Ruby programs (kit/script-language.ts): one line, put first (after a
# `#lang` or `#!` line). It reads the nonce's pipe to its end before any of the program's
# statements and, where the tests' checks are names a program could rebind, takes what they are.
# Placeholders: {{NONCE_FD}}.
# BEGIN: before the program's own BEGIN blocks, which run before its first statement.

BEGIN { passk_nonce = (File.read('/proc/self/fd/{{NONCE_FD}}') rescue '') }
