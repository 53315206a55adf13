import type { RawOutcome } from '../../worker/protocol.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { compiledPlan } from '../kit/compiled-plan.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { defineProcessRuntime, END_EVENT, firstLine } from '../kit/process-runtime.js';
import { reviewTamper, splitAtTests } from '../kit/test-binding.js';
import type { Diagnosis, Toolchain } from '../kit/types.js';
import { type CppSupport, ensureCppSupport, leadingIncludes } from './cpp-support.js';

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
export const WRAPPER = harnessFile(import.meta.url, 'passk_main.cpp', {
  RESULT_FD,
  NONCE_FD,
  END_EVENT,
});

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

/** The precompiled header for a unit's leading block of system includes, if one was built. */
function precompiled(support: CppSupport, unit: string): string | undefined {
  const block = leadingIncludes(unit);
  return block ? support.headers.get(block) : undefined;
}

/**
 * The compile step (sh; $1, $2: the precompiled headers of program.cpp and tests.cpp or '', $3:
 * the wrapper's object or '' to compile it; then g++ and its flags; no awk: the sandbox shows no
 * /etc/alternatives). passk_main is linked FIRST:
 * its .preinit_array entry, which takes the nonce, runs before any the program adds (a program's
 * own entry, run first, read the nonce and wrote the end event: redteam).
 *
 * With tests.cpp (a task's marked tests: its prompt's declarations and the tests), the tests are
 * compiled apart from the candidate, so no macro, overload, specialisation or declaration of the
 * candidate's is in scope where they are compiled (`#define candidate(...) true ? true : …`, a
 * global `operator==` for vectors both passed). Then every global symbol of the candidate's object
 * is made local except the functions the tests call (the global-namespace C++ names the tests'
 * object needs, `_Z<digit>…`): a candidate's `memcmp`, `__assert_fail`, `exit` or std::
 * specialisation binds its own calls only, never the tests' or libstdc++'s (`extern "C" int
 * memcmp(…) { return 0; }` made every string equal). Its COMDAT groups are dissolved first, so
 * its template instances stay its own (the linker would otherwise keep the tests' copy of a group
 * and leave the candidate's local references to the discarded one); its unique globals (inline
 * variables, statics of inline functions), which objcopy cannot make local, are renamed
 * `candidate.<name>`, its own copies. A function defined in both
 * units is a redefinition, as it is in one file (`main`, the tests' `issame`).
 *
 * After the link, an indirect function (ifunc: its resolver runs while the dynamic linker
 * relocates, before any .preinit_array) is refused with the tamper reason 'pre-main-code'.
 */
const LINK_SCRIPT = harnessFile(import.meta.url, 'link.sh');

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
  canaries: canaryFolder(import.meta.url, '.cpp', (text) => `// ${text.replace(/\n/g, ' ')}\n`),
  plan(source, limits, version, install) {
    const support = install.artifactsDir ? supports.get(install.artifactsDir) : undefined;
    // Marked tests (test-binding.ts) are a translation unit of their own: see LINK_SCRIPT.
    const marked = splitAtTests(source);
    const program = marked ? marked.candidate : source;
    const files: Record<string, string> = { 'program.cpp': program };
    if (marked) files['tests.cpp'] = marked.tests;
    if (!support) files['passk_main.cpp'] = WRAPPER;
    const argv = [
      '/bin/sh',
      '-c',
      LINK_SCRIPT,
      'sh',
      // With the support built: when a unit starts with a block of system includes that has a
      // precompiled header, that header pre-included; the wrapper's object file.
      (support && precompiled(support, program)) ?? '',
      (support && marked && precompiled(support, marked.tests)) ?? '',
      support?.wrapper ?? '',
      '/usr/bin/g++',
      ...CXXFLAGS,
    ];
    const run = { argv: ['{artifacts}/program'] };
    return compiledPlan({ files, argv, version, limits, compileMs: 30_000, run });
  },
  diagnose,
  prepareBatch: prepare,
  review: (source, verdict) => reviewTamper('cpp', source, verdict),
});
