#lang racket
; passk's MultiPL-E Racket harness: what replaces the tests' `(require rackunit)`, so that a failed
; check is raised (see multipl-e-tests.ts, which reads this file and documents why). No
; placeholders; the file's final newline is not part of the text, nor this header, whose #lang
; line lets raco check the file alone.
; --- passk: the program text starts on the next line ---
(require rackunit)
(current-check-handler raise)
