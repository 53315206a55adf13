; passk's end sentinel for Emacs Lisp programs (kit/script-language.ts): appended after the tests,
; so it is read only if they all ran. What the prologue kept must be unchanged, else it prints
; {{REBOUND}}'s mark and exits 1; then it writes the end event with the nonce (none when it was
; empty). Placeholders: {{REBOUND}}, {{RESULT_FD}}.

(unless (funcall passk-intact) (princ "{{REBOUND}}" #'external-debugging-output) (kill-emacs 1))
(unless (equal passk-nonce "") (write-region (format "{\"n\": \"%s\", \"e\": \"end\"}\n" passk-nonce) nil "/proc/self/fd/{{RESULT_FD}}" t 0))
