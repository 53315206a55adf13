# passk's prologue for R programs (kit/script-language.ts): one line, put first (after a
# `#lang` or `#!` line). It reads the nonce's pipe to its end before any of the program's
# statements and, where the tests' checks are names a program could rebind, takes what they are.
# Placeholders: {{NONCE_FD}}.

passk_nonce <- local({ passk_in <- file('/proc/self/fd/{{NONCE_FD}}', 'r'); on.exit(close(passk_in)); paste(readLines(passk_in, warn = FALSE), collapse = '') }); passk_bound <- list(stopifnot = base::stopifnot, isTRUE = base::isTRUE, all.equal = base::all.equal)
