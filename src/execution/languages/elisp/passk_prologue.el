; passk's prologue for Emacs Lisp programs (kit/script-language.ts): one line, put first. It loads
; cl-lib and cl-macs (McEval's programs require cl-lib; cl-assert is an autoload until cl-macs is
; loaded), reads the nonce's pipe into `passk-nonce', then keeps what the tests' checks are: the
; function cell of every primitive (`equal', `=', `signal', …: libraries never redefine these,
; while loading one may update Lisp functions such as generic functions), of cl-assert and the
; Lisp functions its failure goes through, and the variables that decide how the rest of the file
; is read, expanded and how an error ends it. The sentinel compares them with a byte-compiled check, whose `eq' and
; `symbol-function' are byte codes a program cannot redefine. Placeholders: {{NONCE_FD}}.

(progn (require 'cl-lib) (require 'cl-macs) (require 'bytecomp) (defvar passk-nonce (condition-case nil (with-temp-buffer (set-buffer-multibyte nil) (insert-file-contents-literally "/proc/self/fd/{{NONCE_FD}}") (buffer-string)) (error ""))) (defvar passk-functions (let (kept) (mapatoms (lambda (symbol) (let ((function (and (fboundp symbol) (symbol-function symbol)))) (when (or (memq symbol '(cl-assert cl--assertion-failed error user-error macroexpand macroexpand-all internal-macroexpand-for-load eval-after-load)) (and (subrp function) (not (and (fboundp 'subr-native-elisp-p) (subr-native-elisp-p function))))) (push (cons symbol function) kept))))) kept)) (defvar passk-variables (mapcar (lambda (name) (cons name (symbol-value name))) '(load-read-function read-symbol-shorthands macroexpand-all-environment debugger debug-on-error debug-on-signal signal-hook-function command-error-function))) (defvar passk-intact (byte-compile (lambda () (let ((intact t)) (dolist (kept passk-functions) (unless (eq (symbol-function (car kept)) (cdr kept)) (setq intact nil))) (dolist (kept passk-variables) (unless (eq (symbol-value (car kept)) (cdr kept)) (setq intact nil))) intact)))))
