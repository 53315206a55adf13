import type { RawOutcome } from '../sandboxes/types.js';
import { type CppSupport, ensureCppSupport, leadingIncludes } from './cpp-support.js';
import { C_TAKE_NONCE } from './nonce-channel.js';
import {
  artifactKey,
  compileLimits,
  defineProcessRuntime,
  END_EVENT,
  firstLine,
} from './process-runtime.js';
import type { Diagnosis, Toolchain } from './types.js';

/** Per artifact cache (host path): what passk built for this run's programs (cpp-support.ts). */
const supports = new Map<string, CppSupport>();

async function prepare(sources: readonly string[], install: Toolchain): Promise<void> {
  if (!install.artifactsDir) return;
  const found = await ensureCppSupport(
    install.artifactsDir,
    '{cache}',
    install.version,
    CXXFLAGS,
    WRAPPER,
    sources,
  );
  if (found) supports.set(install.artifactsDir, found);
  else supports.delete(install.artifactsDir);
}

/**
 * Runs after the tests' own `main` returns: links in with `-Wl,--wrap=main`, so the program's
 * `main` (with its implicit `return 0`) stays a real `main` and an early `exit(0)` skips this.
 * The nonce was taken from its pipe before any of the program's constructors ran (nonce-channel.ts).
 */
export const WRAPPER = `#include <cstdio>
#include <cstdlib>
${C_TAKE_NONCE}
extern "C" int __real_main(int, char**, char**);
extern "C" int __wrap_main(int argc, char** argv, char** envp) {
  int status = __real_main(argc, argv, envp);
  if (status == 0 && passk_nonce[0]) { fflush(stdout); dprintf(3, ${END_EVENT}, passk_nonce); }
  return status;
}
`;

/**
 * C++17, unoptimised as the harnesses compile (HumanEval-X `g++ -std=c++11`, MultiPL-E `g++`,
 * whose default is C++17): -O0 is also the cheaper compile. Flowing off the end of a non-void
 * function is undefined behaviour that often "returns" a plausible value (an empty
 * `long strlen(…) {}` passed MultiPL-E's tests that way): -fsanitize=return traps it at run time,
 * only on the path actually taken, with no runtime library (trap mode).
 */
const CXXFLAGS = [
  '-std=c++17',
  '-O0',
  '-w',
  '-fsanitize=return',
  '-fsanitize-undefined-trap-on-error',
];

function diagnose(outcome: RawOutcome): Diagnosis | undefined {
  const stderr = outcome.stderrTail;
  if (outcome.signal === 'SIGILL') {
    return {
      status: 'error',
      errorType: 'UndefinedBehavior',
      message: 'trapped: reached the end of a non-void function without a return',
    };
  }
  if (/Assertion .* failed/.test(stderr)) {
    return {
      status: 'failed',
      errorType: 'AssertionError',
      message: firstLine(stderr, /Assertion/),
    };
  }
  if (/std::bad_alloc/.test(stderr)) {
    return { status: 'memory', errorType: 'std::bad_alloc', message: 'allocation failed' };
  }
  const thrown = /terminate called after throwing an instance of '([^']+)'/.exec(stderr);
  if (thrown?.[1])
    return { status: 'error', errorType: thrown[1], message: firstLine(stderr, /what\(\)/) };
  return undefined;
}

export const cpp = defineProcessRuntime({
  language: 'cpp',
  versionArgv: ['/usr/bin/g++', '-dumpfullversion'],
  debianPackages: 'g++ libboost-dev libssl-dev',
  canaries: {
    wrong:
      '#include <cassert>\nint add(int a, int b) { return a - b; }\nint main() { assert(add(1, 1) == 2); }\n',
    earlyExits: [
      '#include <cassert>\n#include <cstdlib>\nint main() { exit(0); assert(false); }\n',
      '#include <cassert>\n#include <unistd.h>\nint main() { _exit(0); assert(false); }\n',
    ],
    sleeper: (seconds) => `#include <unistd.h>\nint main() { sleep(${seconds}); }\n`,
    comment: (text) => `// ${text.replace(/\n/g, ' ')}\n`,
  },
  plan(source, limits, version, install) {
    const support = install.artifactsDir ? supports.get(install.artifactsDir) : undefined;
    // With the support built: the wrapper's object file and, when the program starts with a
    // block of system includes that has a precompiled header, that header pre-included.
    const block = support ? leadingIncludes(source) : undefined;
    const header = block ? support?.headers.get(block) : undefined;
    const files: Record<string, string> = support
      ? { 'program.cpp': source }
      : { 'program.cpp': source, 'passk_main.cpp': WRAPPER };
    const argv = [
      '/usr/bin/g++',
      ...CXXFLAGS,
      ...(header ? ['-include', header] : []),
      '-Wl,--wrap=main',
      'program.cpp',
      support ? support.wrapper : 'passk_main.cpp',
      // OpenSSL's libcrypto (HumanEval-X CPP/162's MD5; the original harness links it for that
      // problem only): --as-needed keeps it out of every program that does not call it.
      '-Wl,--as-needed',
      '-lcrypto',
      '-o',
      'program',
    ];
    return {
      files,
      compile: {
        argv,
        key: artifactKey(version, argv, files),
        outputs: ['program'],
        limits: compileLimits(limits, 30_000),
      },
      run: { argv: ['{artifacts}/program'] },
    };
  },
  diagnose,
  prepareBatch: prepare,
});
