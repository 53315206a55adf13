(require 'cl-lib)
(defun add (a b) (- a b))
(cl-assert (equal (add 1 1) 2))
