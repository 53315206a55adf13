#lang racket
(sleep {{SECONDS}})
