#lang racket
(define (check-equal? . _) (void))
(require rackunit)
(current-check-handler raise)
(check-equal? 1 2)
