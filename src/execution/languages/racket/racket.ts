import { canaryFolder } from '../kit/canary-folder.js';
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
  canaries: canaryFolder(import.meta.url, '.rkt', comment(';')),
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
