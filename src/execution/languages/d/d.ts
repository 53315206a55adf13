import type { RawOutcome } from '../../worker/protocol.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { compiledPlan } from '../kit/compiled-plan.js';
import { harnessFile } from '../kit/harness-template.js';
import { defineProcessRuntime, realBinary } from '../kit/process-runtime.js';
import { reviewTamper } from '../kit/test-binding.js';
import type { Diagnosis } from '../kit/types.js';
import { WRAP_MAIN_C } from '../kit/wrap-main.js';

/** GCC's D compiler (Debian's gdc; MultiPL-E uses dmd's rdmd, which Debian does not ship). */
const GDC = realBinary('/usr/bin/gdc');

/**
 * druntime reports a unittest's failure on stdout, which passk does not keep: this module's unit
 * tester says on stderr whether it was an assert (a failed test) or another Throwable (an error),
 * and skips `main` after a failure.
 */
const TESTER = harnessFile(import.meta.url, 'passk_main.d');

function diagnose(outcome: RawOutcome): Diagnosis | undefined {
  const stderr = outcome.stderrTail;
  const reported = /^passk-d: ([\w.]+)@(.*)$/m.exec(stderr);
  // Outside a unittest (module constructors, main) druntime prints "core.exception.X@file(line)".
  const thrown = reported ?? /^((?:core\.exception|object)\.\w+)@(.*)$/m.exec(stderr);
  if (!thrown?.[1]) return undefined;
  const type = thrown[1].split('.').at(-1)!;
  const status =
    type === 'AssertError' ? 'failed' : type === 'OutOfMemoryError' ? 'memory' : 'error';
  return { status, errorType: type, message: `${type}@${thrown[2] ?? ''}`.slice(0, 300) };
}

export const d = defineProcessRuntime({
  language: 'd',
  versionArgv: [GDC, '-dumpfullversion'],
  debianPackages: 'gdc',
  canaries: canaryFolder(import.meta.url, '.d', (text) => `// ${text.replace(/\n/g, ' ')}\n`),
  plan(source, limits, version) {
    // kit's C wrapper (WRAP_MAIN_C), linked in first with `-Wl,--wrap=main`, as for C++: the
    // druntime's C `main` (module constructors, unittests, D `main`) runs inside; the end event is
    // written only when it returns 0, so a failed unittest (exit 1) or an early `exit(0)` never
    // gets here. In C, so that the nonce is a static with internal linkage: a D `private`
    // variable is still a global symbol, which a program reached by its mangled name
    // (`pragma(mangle)`) and wrote the end event with (redteam). First on the link line, so its
    // .preinit_array entry runs before any of the program's.
    const files = { 'program.d': source, 'passk_main.d': TESTER, 'passk_nonce.c': WRAP_MAIN_C };
    // -funittest: MultiPL-E's tests are unittest blocks, run before main (rdmd -unittest).
    const argv = [
      GDC,
      '-funittest',
      '-O1',
      '-w',
      '-Wl,--wrap=main',
      'passk_nonce.c',
      'passk_main.d',
      'program.d',
      '-o',
      'program',
    ];
    const run = { argv: ['{artifacts}/program'] };
    return compiledPlan({ files, argv, version, limits, compileMs: 60_000, run });
  },
  diagnose,
  review: (source, verdict) => reviewTamper('d', source, verdict),
});
