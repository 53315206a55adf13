; passk's prologue for Common Lisp programs (kit/script-language.ts): one line, put first. It
; reads the nonce's pipe into cl-user::*passk-nonce*, then keeps what the tests' checks are:
; cl:assert's macro function, the debugger hooks (a hook that picks assert's CONTINUE restart
; makes a failed assert go on) and that ASSERT in CL-USER is cl:assert (not a shadowing symbol).
; The sentinel compares. Placeholders: {{NONCE_FD}}.

(progn (defparameter cl-user::*passk-nonce* (or (ignore-errors (with-open-file (passk-in "/proc/self/fd/{{NONCE_FD}}") (read-line passk-in nil ""))) "")) (defparameter cl-user::*passk-guard* (list (macro-function 'cl:assert) sb-ext:*invoke-debugger-hook* cl:*debugger-hook* (find-symbol "ASSERT" :cl-user) (symbol-function 'cl:error))))
