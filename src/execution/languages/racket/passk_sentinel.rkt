; passk's end sentinel for Racket programs (kit/script-language.ts): appended after the tests,
; so it runs only if they all did. Where the prologue took the tests' checks, it first checks that
; none was rebound (else it prints {{REBOUND}}'s mark and exits 1); then it writes the end event.
; Placeholders: {{REBOUND}}, {{RESULT_FD}}.
; A rebinding: a check name of the tests bound by a definition of this module (shadowing
; rackunit's).

(define-syntax (passk-rebound stx) (datum->syntax stx (for/or ([n '(check-within check-equal? current-check-handler raise)]) (let ([b (identifier-binding (datum->syntax stx n))]) (and (pair? b) (let-values ([(p base) (module-path-index-split (car b))]) (and (not p) (not base))))))))
(when (passk-rebound) (eprintf "{{REBOUND}}") (exit 1))
(unless (string=? passk-nonce "") (let ([passk-out (open-output-file "/proc/self/fd/{{RESULT_FD}}" #:exists 'append)]) (fprintf passk-out "{\"n\": \"~a\", \"e\": \"end\"}\n" passk-nonce) (close-output-port passk-out)))
