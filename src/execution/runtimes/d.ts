import type { RawOutcome } from '../sandboxes/types.js';
import {
  artifactKey,
  compileLimits,
  defineProcessRuntime,
  END_EVENT,
  firstLine,
  realBinary,
} from './process-runtime.js';
import type { Diagnosis } from './types.js';

/** GCC's D compiler (Debian's gdc; MultiPL-E uses dmd's rdmd, which Debian does not ship). */
const GDC = realBinary('/usr/bin/gdc');

/**
 * Linked in with `-Wl,--wrap=main`, as for C++: the druntime's C `main` (unittests, module
 * constructors, D `main`) runs first; the end event is written only when it returns 0, so a
 * failed unittest (exit 1) or an early `exit(0)` never gets here.
 */
const WRAPPER = `module passk_main;
import core.stdc.stdio : fflush, snprintf, stdout;
import core.stdc.stdlib : getenv;
import core.sys.posix.unistd : write;
extern (C) int __real_main(int argc, char** argv, char** envp);
extern (C) int __wrap_main(int argc, char** argv, char** envp)
{
    const(char)* nonce = getenv("PASSK_NONCE");
    int status = __real_main(argc, argv, envp);
    if (status == 0 && nonce !is null)
    {
        fflush(stdout);
        char[512] line;
        int n = snprintf(line.ptr, line.length, ${END_EVENT}, nonce);
        if (n > 0) write(3, line.ptr, n);
    }
    return status;
}
`;

function diagnose(outcome: RawOutcome): Diagnosis | undefined {
  const stderr = outcome.stderrTail;
  // druntime prints the failed assert's location to stdout and "1/1 modules FAILED unittests"
  // to stderr.
  if (/FAILED unittests|unittest failure|core\.exception\.AssertError/.test(stderr)) {
    return {
      status: 'failed',
      errorType: 'AssertError',
      message: firstLine(stderr, /FAILED unittests|unittest failure|AssertError/),
    };
  }
  const thrown = /(?:core\.exception|object)\.(\w+(?:Error|Exception))@/.exec(stderr);
  if (thrown?.[1]) {
    const memory = thrown[1] === 'OutOfMemoryError';
    return {
      status: memory ? 'memory' : 'error',
      errorType: thrown[1],
      message: firstLine(stderr, /@/),
    };
  }
  return undefined;
}

export const d = defineProcessRuntime({
  language: 'd',
  versionArgv: [GDC, '-dumpfullversion'],
  debianPackages: 'gdc',
  canaries: {
    wrong:
      'long add(long a, long b) { return a - b; }\nunittest\n{\n    assert(add(1, 1) == 2);\n}\nvoid main(){}\n',
    earlyExits: [
      'import core.stdc.stdlib : exit;\nunittest\n{\n    exit(0);\n}\nvoid main(){ assert(false); }\n',
    ],
    sleeper: (seconds) =>
      `import core.thread;\nvoid main(){ Thread.sleep(dur!"seconds"(${seconds})); }\n`,
    comment: (text) => `// ${text.replace(/\n/g, ' ')}\n`,
  },
  plan(source, limits, version) {
    const files = { 'program.d': source, 'passk_main.d': WRAPPER };
    // -funittest: MultiPL-E's tests are unittest blocks, run before main (rdmd -unittest).
    const argv = [
      GDC,
      '-funittest',
      '-O1',
      '-w',
      '-Wl,--wrap=main',
      'program.d',
      'passk_main.d',
      '-o',
      'program',
    ];
    return {
      files,
      compile: {
        argv,
        key: artifactKey(version, argv, files),
        outputs: ['program'],
        limits: compileLimits(limits, 60_000),
      },
      run: { argv: ['{artifacts}/program'] },
    };
  },
  diagnose,
});
