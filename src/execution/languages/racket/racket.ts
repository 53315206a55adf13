import { firstLine } from '../kit/process-runtime.js';
import { comment, script } from '../kit/script-language.js';

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
  moduleUrl: import.meta.url,
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
