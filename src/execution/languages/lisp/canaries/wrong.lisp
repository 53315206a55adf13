(defun add (a b) (- a b))
(assert (equal (add 1 1) 2))
