import type { RawOutcome } from '../../worker/protocol.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { compiledPlan } from '../kit/compiled-plan.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { defineProcessRuntime, END_EVENT, firstLine, realBinary } from '../kit/process-runtime.js';
import type { Diagnosis } from '../kit/types.js';

/** Debian's gfortran (12), as McEval compiles (`gfortran -o m file`). */
const GFORTRAN = realBinary('/usr/bin/gfortran');

/** What passk_main.c prints when the program ended before its main program returned. */
const STOPPED = 'passk-fortran: the program stopped before the end of its main program';

/**
 * Linked first with `-Wl,--wrap=main` (as for C and D): the end event is written only when the
 * main program returns 0. McEval's `assert` prints 'Assertion failed!' and `stop`s (status 0,
 * which McEval catches by 'failed' in stdout): the wrapper's atexit handler turns any stop before
 * the end into status 1 with STOPPED on stderr.
 */
const WRAPPER_C = harnessFile(import.meta.url, 'passk_main.c', {
  RESULT_FD,
  NONCE_FD,
  END_EVENT,
  STOPPED: JSON.stringify(STOPPED),
});

function diagnose(outcome: RawOutcome): Diagnosis | undefined {
  const stderr = outcome.stderrTail;
  if (/Fortran runtime error/.test(stderr)) {
    const message = firstLine(stderr, /Fortran runtime error/);
    return { status: 'error', errorType: 'FortranRuntimeError', message };
  }
  if (/^ERROR STOP/m.test(stderr)) {
    return { status: 'failed', errorType: 'ErrorStop', message: firstLine(stderr, /ERROR STOP/) };
  }
  if (stderr.includes(STOPPED)) {
    const message = 'stopped before the tests ended (a failed McEval assert stops)';
    return { status: 'failed', errorType: 'StopBeforeEnd', message };
  }
  return undefined;
}

export const fortran = defineProcessRuntime({
  language: 'fortran',
  versionArgv: [GFORTRAN, '-dumpfullversion'],
  debianPackages: 'gfortran',
  canaries: canaryFolder(import.meta.url, '.f90', (text) => `! ${text.replace(/\n/g, ' ')}\n`),
  plan(source, limits, version) {
    const files = { 'program.f90': source, 'passk_main.c': WRAPPER_C };
    // McEval: gfortran's defaults (-O0, free form for .f90). -w: warnings are not verdicts.
    const argv = [
      GFORTRAN,
      '-w',
      '-Wl,--wrap=main',
      'passk_main.c',
      'program.f90',
      '-o',
      'program',
    ];
    const run = { argv: ['{artifacts}/program'] };
    return compiledPlan({ files, argv, version, limits, compileMs: 60_000, run });
  },
  diagnose,
});
