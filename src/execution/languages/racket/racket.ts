import { RESULT_FD } from '../../worker/protocol.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { firstLine } from '../kit/process-runtime.js';
import { comment, REBOUND, script } from '../kit/script-language.js';

/** Racket (`#lang racket` modules); rackunit failures are raised (see multipl-e-tests.ts). */
export const racket = script({
  language: 'racket',
  interpreter: '/usr/bin/racket',
  file: 'program.rkt',
  versionArgv: ['/usr/bin/racket', '--version'],
  debianPackages: 'racket',
  // Debian's installation config (where the collections are) lives in /etc/racket.
  mounts: ['/etc/racket'],
  // Read while the module expands (define-syntax right-hand sides run in order, before any
  // macro of the program's), then put into the module as a literal.
  prologue: `(define-syntax passk-nonce-taken (let ([n (let ([in (open-input-file "/proc/self/fd/${NONCE_FD}")]) (begin0 (let loop ([acc '()]) (let ([c (read-char in)]) (if (eof-object? c) (list->string (reverse acc)) (loop (cons c acc))))) (close-input-port in)))]) (lambda (stx) (datum->syntax stx n)))) (define passk-nonce (passk-nonce-taken))`,
  // A check name of the tests bound by a definition of this module (shadowing rackunit's).
  sentinel: `(define-syntax (passk-rebound stx) (datum->syntax stx (for/or ([n '(check-within check-equal? current-check-handler raise)]) (let ([b (identifier-binding (datum->syntax stx n))]) (and (pair? b) (let-values ([(p base) (module-path-index-split (car b))]) (and (not p) (not base))))))))
(when (passk-rebound) (eprintf "${REBOUND}") (exit 1))
(unless (string=? passk-nonce "") (let ([passk-out (open-output-file "/proc/self/fd/${RESULT_FD}" #:exists 'append)]) (fprintf passk-out "{\\"n\\": \\"~a\\", \\"e\\": \\"end\\"}\\n" passk-nonce) (close-output-port passk-out)))`,
  canaries: {
    wrong:
      '#lang racket\n(require rackunit)\n(current-check-handler raise)\n(define (add a b) (- a b))\n(check-equal? (add 1 1) 2)\n',
    earlyExits: ['#lang racket\n(exit 0)\n'],
    harnessAttacks: [
      '#lang racket\n(define (check-equal? . _) (void))\n(require rackunit)\n(current-check-handler raise)\n(check-equal? 1 2)\n',
    ],
    sleeper: (seconds) => `#lang racket\n(sleep ${seconds})\n`,
    comment: comment(';'),
  },
  diagnose: (outcome) => {
    const stderr = outcome.stderrTail;
    // A raised check failure prints an empty message, its location, and rackunit's check.rkt.
    if (/rackunit\/private\/check\.rkt/.test(stderr)) {
      const at = firstLine(stderr, /\.rkt:\d+:\d+/);
      return {
        status: 'failed',
        errorType: 'CheckFailure',
        message: `a rackunit check failed ${at}`.trim(),
      };
    }
    const line = firstLine(stderr, /\S/);
    return line ? { status: 'error', errorType: 'RacketError', message: line } : undefined;
  },
});
