import { canaryFolder } from '../kit/canary-folder.js';
import { firstLine, realBinary } from '../kit/process-runtime.js';
import { comment, script } from '../kit/script-language.js';

const TCLSH = realBinary('/usr/bin/tclsh');

/**
 * Tcl 8.6 (tclsh), as McEval runs it: the tests are top-level commands, a failed one calls
 * `error`, which ends tclsh with status 1. The prologue guards every command that exists before
 * the program (passk_prologue.tcl): replacing, renaming or deleting one (`proc error args {}`)
 * ends the run as tampering at once.
 */
export const tcl = script({
  language: 'tcl',
  interpreter: TCLSH,
  file: 'program.tcl',
  versionArgv: ['/bin/sh', '-c', `echo 'puts "tclsh [info patchlevel]"' | ${TCLSH}`],
  debianPackages: 'tcl',
  moduleUrl: import.meta.url,
  canaries: canaryFolder(import.meta.url, '.tcl', comment('#')),
  // tclsh prints the error's message first, then "    while executing" and the stack.
  diagnose: (outcome) => {
    if (outcome.exitCode !== 1 || outcome.stderrTail.trim() === '') return undefined;
    const message = firstLine(outcome.stderrTail, /\S/).trim();
    const failed = /fail/i.test(message);
    return {
      status: failed ? 'failed' : 'error',
      errorType: failed ? 'TestFailure' : 'TclError',
      message,
    };
  },
});
