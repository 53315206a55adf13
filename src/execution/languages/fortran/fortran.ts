import type { RawOutcome } from '../../worker/protocol.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { compiledPlan } from '../kit/compiled-plan.js';
import { defineProcessRuntime, firstLine, realBinary } from '../kit/process-runtime.js';
import type { Diagnosis } from '../kit/types.js';
import { WRAP_MAIN_C } from '../kit/wrap-main.js';

/** Debian's gfortran (12), as McEval compiles (`gfortran -o m file`). */
const GFORTRAN = realBinary('/usr/bin/gfortran');

/**
 * What the C wrapper (kit/passk_wrap_main.c, linked first with `-Wl,--wrap=main` as for D) prints
 * when the program ended before its main program returned. The end event is written only when
 * the main program returns 0. McEval's `assert` prints 'Assertion failed!' and `stop`s (status 0,
 * which McEval catches by 'failed' in stdout): compiled with -DPASSK_STOPPED, the wrapper's atexit
 * handler turns any stop before the end into status 1 with STOPPED on stderr.
 */
const STOPPED = 'passk-fortran: the program stopped before the end of its main program';

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
    const files = { 'program.f90': source, 'passk_main.c': WRAP_MAIN_C };
    // McEval: gfortran's defaults (-O0, free form for .f90). -w: warnings are not verdicts.
    const argv = [
      GFORTRAN,
      '-w',
      '-Wl,--wrap=main',
      `-DPASSK_STOPPED=${JSON.stringify(STOPPED)}`,
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
