import { canaryFolder } from '../kit/canary-folder.js';
import { firstLine, realBinary } from '../kit/process-runtime.js';
import { comment, script } from '../kit/script-language.js';

const SBCL = realBinary('/usr/bin/sbcl');

/**
 * Common Lisp under SBCL (`sbcl --script`, as McEval runs it): the tests are top-level forms, a
 * failed `assert` is an unhandled error, which ends the script with status 1. The prologue keeps
 * assert's macro function and the debugger hooks; the sentinel compares (passk_prologue.lisp).
 */
export const lisp = script({
  language: 'lisp',
  interpreter: SBCL,
  flags: ['--script'],
  file: 'program.lisp',
  versionArgv: [SBCL, '--version'],
  debianPackages: 'sbcl',
  moduleUrl: import.meta.url,
  canaries: canaryFolder(import.meta.url, '.lisp', comment(';;')),
  // sbcl prints "Unhandled <CONDITION> in thread …:" then the condition's report.
  diagnose: (outcome) => {
    const unhandled = /^Unhandled ([\w-]+)/m.exec(outcome.stderrTail);
    if (outcome.exitCode !== 1 || !unhandled) return undefined;
    const failed = /The assertion .* failed/.test(outcome.stderrTail);
    return {
      status: failed ? 'failed' : 'error',
      errorType: failed ? 'AssertionFailed' : (unhandled[1] ?? 'Error'),
      message: firstLine(outcome.stderrTail, failed ? /The assertion/ : /\S/).trim(),
    };
  },
});
