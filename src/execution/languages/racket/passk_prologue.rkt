; passk's prologue for Racket programs (kit/script-language.ts): one line, put first (after a
; `#lang` or `#!` line). It reads the nonce's pipe to its end before any of the program's
; statements and, where the tests' checks are names a program could rebind, takes what they are.
; Placeholders: {{NONCE_FD}}.

(define-syntax passk-nonce-taken (let ([n (let ([in (open-input-file "/proc/self/fd/{{NONCE_FD}}")]) (begin0 (let loop ([acc '()]) (let ([c (read-char in)]) (if (eof-object? c) (list->string (reverse acc)) (loop (cons c acc))))) (close-input-port in)))]) (lambda (stx) (datum->syntax stx n)))) (define passk-nonce (passk-nonce-taken))
