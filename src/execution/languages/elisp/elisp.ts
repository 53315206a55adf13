import { canaryFolder } from '../kit/canary-folder.js';
import { firstLine, realBinary } from '../kit/process-runtime.js';
import { comment, script } from '../kit/script-language.js';

/** /usr/bin/emacs is a link through /etc/alternatives (emacs-nox's binary here). */
const EMACS = realBinary('/usr/bin/emacs');

/**
 * Emacs Lisp under Emacs (`emacs --batch -l file`, as McEval runs it): the tests are top-level
 * forms, a failed `cl-assert` is an error, which ends batch Emacs with status 255. The prologue
 * keeps every defined function and the variables that decide how the file is read; the sentinel
 * compares (passk_prologue.el).
 */
export const elisp = script({
  language: 'elisp',
  interpreter: EMACS,
  flags: ['--batch', '-l'],
  file: 'program.el',
  versionArgv: [EMACS, '--version'],
  debianPackages: 'emacs-nox',
  // Debian's site-start (which batch Emacs loads, as McEval's does) reads /etc/emacs/site-start.d.
  mounts: ['/etc/emacs'],
  moduleUrl: import.meta.url,
  canaries: canaryFolder(import.meta.url, '.el', comment(';')),
  // Batch Emacs prints "Debugger entered--Lisp error: (<error symbol> <data>…)", the backtrace
  // after it, and exits 255.
  diagnose: (outcome) => {
    const error = /Lisp error: \(([^\s()]+)/.exec(outcome.stderrTail);
    if (outcome.exitCode !== 255 || !error) return undefined;
    const failed = error[1] === 'cl-assertion-failed';
    return {
      status: failed ? 'failed' : 'error',
      errorType: failed ? 'AssertionFailed' : (error[1] ?? 'Error'),
      message: firstLine(outcome.stderrTail, /Lisp error:/).replace(/^.*?Lisp error: /, ''),
    };
  },
});
