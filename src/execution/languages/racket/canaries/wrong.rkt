#lang racket
(require rackunit)
(current-check-handler raise)
(define (add a b) (- a b))
(check-equal? (add 1 1) 2)
