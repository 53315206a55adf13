; passk's end sentinel for Common Lisp programs (kit/script-language.ts): appended after the
; tests, so it runs only if they all did. What the prologue kept must be unchanged and the COMMON-LISP
; package still locked, else it prints {{REBOUND}}'s mark and exits 1; then it writes the end
; event with the nonce (none when it was empty). Placeholders: {{RESULT_FD}}, {{REBOUND}}.

(unless (and (sb-ext:package-locked-p :cl) (equal cl-user::*passk-guard* (list (macro-function 'cl:assert) sb-ext:*invoke-debugger-hook* cl:*debugger-hook* (find-symbol "ASSERT" :cl-user) (symbol-function 'cl:error)))) (write-line (string-right-trim "\\n" "{{REBOUND}}") *error-output*) (finish-output *error-output*) (sb-ext:exit :code 1 :abort t))
(unless (equal cl-user::*passk-nonce* "") (with-open-file (passk-out "/proc/self/fd/{{RESULT_FD}}" :direction :output :if-exists :append) (format passk-out "{\"n\": \"~a\", \"e\": \"end\"}~%" cl-user::*passk-nonce*)))
