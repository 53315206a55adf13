(kill-emacs 0)
(cl-assert nil)
