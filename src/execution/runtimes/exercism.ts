import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { ExecPlan, RawOutcome } from '../sandboxes/types.js';
import { RESULT_FD, withProtocolTable } from '../worker/protocol.js';
import { Batches } from './batch.js';
import { WRAPPER as CPP_WRAPPER } from './cpp.js';
import { catchPlan } from './exercism-catch.js';
import { exercismFiles, exercismSource } from './exercism-source.js';
import { GUARD_GO, linknameReview, testMain } from './go.js';
import { goTestNames } from './go-batch.js';
import { JAVA, JAVA_ETC, JVM_FLAGS, jvmArgv } from './java.js';
import { ensureBatchCompiler, jvmBatch } from './java-batch.js';
import { JAVA_TAKE_NONCE, NONCE_FD } from './nonce-channel.js';
import {
  artifactKey,
  compileLimits,
  defineProcessRuntime,
  END_EVENT,
  firstLine,
  realBinary,
} from './process-runtime.js';
import { PYTHON_FLAGS, pythonSupportDir, reviewPython } from './python.js';
import { SYSROOT as RUST_SYSROOT } from './rust.js';
import { CARGO_CONFIG } from './rust-crates.js';
import type { Canaries, Diagnosis, Toolchain } from './types.js';

/**
 * Exercism exercises (Aider polyglot) run with each language's own test tool over the whole
 * exercise directory: `exercism-python` (unittest discovery, as Aider's harness started with),
 * `exercism-go` (go test, module mode, offline), `exercism-rust` (cargo test, offline). A run
 * passes only when the test tool itself says every test ran and passed; everything the tests
 * printed is kept as the verdict's `output`, which a feedback task sends back to the model.
 */

/** A failed run keeps the last 4 KiB the tests printed (stderr; stdout is sent there). */
function diagnoseWith(failedPattern: RegExp) {
  return (outcome: RawOutcome): Diagnosis | undefined => {
    const output = outcome.stderrTail;
    const failed = failedPattern.test(output);
    return {
      status: failed ? 'failed' : 'error',
      errorType: failed ? 'TestFailure' : 'TestError',
      message: firstLine(output, /FAIL|Error|error|panicked/, 'the tests did not pass'),
      output,
    };
  };
}

/**
 * The toolchain's version line, prefixed with this file's revision: bump it when a change here
 * could change a verdict (the version is part of every cache key).
 */
const EXERCISM_REVISION = 9;
function versionOf(command: string): string[] {
  return ['/bin/sh', '-c', `echo "exercism r${EXERCISM_REVISION} $(${command} 2>&1)"`];
}

/** Canaries as exercise directories, one test file each. */
function canaries(
  wrong: Record<string, string>,
  earlyExit: Record<string, string>,
  sleeper: (seconds: number) => Record<string, string>,
): Canaries {
  return {
    wrong: exercismSource(wrong),
    earlyExits: [exercismSource(earlyExit)],
    sleeper: (seconds) => exercismSource(sleeper(seconds)),
    comment: (text) => `# ${text.replace(/\n/g, ' ')}\n`,
  };
}

// --- Python ---------------------------------------------------------------------------------

/**
 * Runs every `*_test.py` with unittest and writes the end event only after the runner returned
 * with every test passed (a candidate's os._exit(0) at import never gets there); see
 * worker/exercism_run.py for what it refuses and checks. Read once, when first planned.
 */
let pyRunner: string | undefined;
function exercismPythonRunner(): string {
  pyRunner ??= withProtocolTable(readFileSync(join(pythonSupportDir(), 'exercism_run.py'), 'utf8'));
  return pyRunner;
}

const PY_TEST = (body: string) =>
  `import unittest\nfrom canary import value\n\nclass CanaryTest(unittest.TestCase):\n    def test_it(self):\n${body}\n`;

export const exercismPython = defineProcessRuntime({
  language: 'exercism-python',
  versionArgv: versionOf('/usr/bin/python3 --version'),
  debianPackages: 'python3',
  canaries: canaries(
    { 'canary.py': 'value = 1\n', 'canary_test.py': PY_TEST('        self.assertEqual(value, 2)') },
    {
      'canary.py': 'import os\nos._exit(0)\nvalue = 1\n',
      'canary_test.py': PY_TEST('        self.assertEqual(value, 2)'),
    },
    (seconds) => ({
      'canary.py': `import time\ntime.sleep(${seconds})\nvalue = 1\n`,
      'canary_test.py': PY_TEST('        self.assertEqual(value, 1)'),
    }),
  ),
  plan(source): ExecPlan {
    const files = { ...exercismFiles(source), 'passk_run.py': exercismPythonRunner() };
    return {
      files,
      run: {
        argv: ['/usr/bin/python3', '-I', '-B', 'passk_run.py'],
        env: { PYTHONDONTWRITEBYTECODE: '1' },
      },
    };
  },
  diagnose: diagnoseWith(/^(FAIL|ERROR): |FAILED \(/m),
  // exercism_run.py ends with runner.py's tamper status when the result fd was replaced at the end event.
  review: reviewPython,
});

// --- Go ---------------------------------------------------------------------------------------

const GO = realBinary('/usr/bin/go');

/** The package of the exercise's first non-test Go file. */
function goPackage(files: Record<string, string>): string {
  const name = Object.keys(files).find((f) => f.endsWith('.go') && !f.endsWith('_test.go'));
  const text = name === undefined ? '' : files[name]!;
  return /^\s*package\s+(\w+)/m.exec(text)?.[1] ?? 'main';
}

const goCanary = (body: string) => ({
  'go.mod': 'module canary\n\ngo 1.18\n',
  'canary.go': `package canary\n\n${body}\n`,
  'canary_test.go':
    'package canary\n\nimport "testing"\n\nfunc TestValue(t *testing.T) {\n\tif Value() != 2 {\n\t\tt.Fatal("wrong")\n\t}\n}\n',
});

export const exercismGo = defineProcessRuntime({
  language: 'exercism-go',
  versionArgv: versionOf(`'${GO}' version`),
  debianPackages: 'golang-go',
  canaries: canaries(
    goCanary('func Value() int { return 1 }'),
    goCanary('import "os"\n\nfunc Value() int { os.Exit(0); return 1 }'),
    (seconds) =>
      goCanary(
        `import "time"\n\nfunc Value() int { time.Sleep(${seconds} * time.Second); return 2 }`,
      ),
  ),
  plan(source, limits, version): ExecPlan {
    const exercise = exercismFiles(source);
    // In a subfolder: Go ignores a go.mod in the temp dir, and TMPDIR is the scratch dir.
    const files: Record<string, string> = {};
    for (const [name, text] of Object.entries(exercise)) files[`exercise/${name}`] = text;
    // The nonce's guard package (go.ts), imported by the module path the exercise's go.mod names.
    const module = /^module\s+(\S+)/m.exec(exercise['go.mod'] ?? '')?.[1] ?? 'exercise';
    const pkg = goPackage(exercise);
    const main = testMain(pkg, `${module}/passkguard`, exerciseTests(exercise, pkg));
    files['exercise/passk_main_test.go'] = main;
    files['exercise/passkguard/guard.go'] = GUARD_GO;
    // Module mode from the exercise's go.mod, with nothing to download (the exercises use the
    // standard library only).
    // A build cache of its own (go.ts's seeded one, filled in GOPATH mode, fails module builds
    // with "package … is not in GOROOT"): the standard library is compiled per program, ~5 s.
    const argv = [
      '/bin/sh',
      '-c',
      `cd exercise && GOCACHE="$PWD/../.gocache" exec '${GO}' test -c -vet=off -o ../program .`,
    ];
    const env = {
      GO111MODULE: 'on',
      GOFLAGS: '-mod=mod',
      GOPROXY: 'off',
      CGO_ENABLED: '0',
      GOTOOLCHAIN: 'local',
    };
    return {
      files,
      compile: {
        argv,
        env,
        key: artifactKey(version, argv, files),
        outputs: ['program'],
        limits: compileLimits(limits, 120_000),
      },
      run: {
        argv: ['/bin/sh', '-c', 'exec "$0" -test.timeout=0 1>&2', '{artifacts}/program'],
        limits: { maxProcesses: Math.max(limits.maxProcesses, 128) },
      },
    };
  },
  diagnose: diagnoseWith(/^--- FAIL|^FAIL/m),
  review: linknameReview,
});

/**
 * The tests TestMain lists (go.ts testMain): those of the exercise's test files in its own
 * package, not behind a build constraint (a file the build leaves out would name a missing test).
 */
function exerciseTests(files: Record<string, string>, pkg: string): string[] {
  return Object.entries(files)
    .filter(
      ([name, text]) => name.endsWith('_test.go') && !/^\/\/(go:build|\s*\+build)/m.test(text),
    )
    .filter(([, text]) => /^\s*package\s+(\w+)/m.exec(text)?.[1] === pkg)
    .flatMap(([, text]) => goTestNames(text));
}

// --- Rust -------------------------------------------------------------------------------------

/** The toolchain's own cargo, from the sysroot rust.ts finds (rustup's, else Debian's). */
const CARGO = `${RUST_SYSROOT}/bin/cargo`;

/**
 * `cargo test` offline over the exercise's crate, the ignored tests included (as Aider runs
 * them). libtest has no hook after the last test, so the end event is written when cargo
 * exited 0 and every test binary it ran said `test result: ok` (a candidate's process::exit(0)
 * mid-run leaves its binary without one).
 */
const CARGO_SCRIPT = `nonce=$(cat <&${NONCE_FD}); exec ${NONCE_FD}<&-
"$1" -shared -fPIC -O2 -w -o passk_exit.so passk_exit.c || { echo "passk: cannot build passk_exit.so" >&2; exit 1; }
out=$("$0" test --offline --tests -- --include-ignored 2>&1); code=$?
printf '%s\\n' "$out" >&2
runs=$(printf '%s\\n' "$out" | grep -c '^ *Running ')
oks=$(printf '%s\\n' "$out" | grep -c '^test result: ok')
if [ -n "$nonce" ] && [ $code -eq 0 ] && [ "$runs" -gt 0 ] && [ "$runs" -eq "$oks" ]; then
  printf '{"n": "%s", "e": "end"}\\n' "$nonce" >&3
fi
exit $code`;

/**
 * Preloaded into each test binary (cargo's target runner): an explicit exit with status 0 —
 * `process::exit(0)`, `libc::_exit(0)` — from anywhere in the binary exits 93 instead. libtest
 * itself ends a passing run by returning from main (glibc's own call of exit, which a preload
 * does not see), so only an early exit is caught: without this, a candidate that printed
 * libtest's `test result: ok` line and exited 0 mid-run passed (redteam).
 */
const EXIT_PRELOAD_C = `#define _GNU_SOURCE
#include <dlfcn.h>
typedef void (*exit_fn)(int);
static void leave(const char *name, int status) {
  ((exit_fn)dlsym(RTLD_NEXT, name))(status == 0 ? 93 : status);
  for (;;) {}
}
void exit(int status) { leave("exit", status); }
void _exit(int status) { leave("_exit", status); }
void _Exit(int status) { leave("_Exit", status); }
`;

const rustCanary = (body: string) => ({
  'Cargo.toml': '[package]\nedition = "2021"\nname = "canary"\nversion = "0.0.0"\n',
  'src/lib.rs': `pub fn value() -> i32 {\n    ${body}\n}\n`,
  'tests/canary.rs': '#[test]\nfn value_is_two() {\n    assert_eq!(canary::value(), 2);\n}\n',
});

export const exercismRust = defineProcessRuntime({
  language: 'exercism-rust',
  versionArgv: versionOf(`'${CARGO}' --version`),
  debianPackages: 'cargo',
  mounts: RUST_SYSROOT === '/usr' || RUST_SYSROOT.startsWith('/usr/') ? [] : [RUST_SYSROOT],
  canaries: canaries(rustCanary('1'), rustCanary('std::process::exit(0)'), (seconds) =>
    rustCanary(`std::thread::sleep(std::time::Duration::from_secs(${seconds}));\n    2`),
  ),
  plan(source, limits): ExecPlan {
    return {
      files: {
        ...exercismFiles(source),
        '.cargo/config.toml': CARGO_CONFIG /* Debian's crates, offline (rust-crates.ts) */,
        'passk_exit.c': EXIT_PRELOAD_C,
      },
      run: {
        argv: ['/bin/sh', '-c', CARGO_SCRIPT, CARGO, realBinary('/usr/bin/cc')],
        env: {
          CARGO_HOME: '{scratch}/.cargo',
          CARGO_TARGET_DIR: '{scratch}/target',
          CARGO_NET_OFFLINE: 'true',
          // /usr/bin/cc is a link through /etc/alternatives, which the sandbox does not show
          CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER: realBinary('/usr/bin/cc'),
          CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER:
            '/usr/bin/env LD_PRELOAD={scratch}/passk_exit.so',
          PATH: `${RUST_SYSROOT}/bin:/usr/bin:/bin`,
        },
        // cargo runs rustc (threads, processes, address space) inside the program's limits
        limits: compileLimits(limits, limits.timeoutMs),
      },
    };
  },
  diagnose: diagnoseWith(/^test result: FAILED|^failures:$/m),
});

// --- C++ --------------------------------------------------------------------------------------

/**
 * C++'s own revision, in its version after the file's (r2: Exercism's Debug flags instead of -O1,
 * Catch's main compiled once per cache; r4: passk's wrapper linked first); the other tracks'
 * verdicts stay cached.
 */
const EXERCISM_CPP_REVISION = 4;

const cppCanary = (body: string) => ({
  'canary.h': '#pragma once\nint value();\n',
  'canary.cpp': `#include "canary.h"\n${body}\n`,
  'canary_test.cpp':
    '#include "canary.h"\n#include <cassert>\n#include <cstdio>\nint main() { if (value() != 2) { puts("FAILED: value() != 2"); return 1; } return 0; }\n',
});

export const exercismCpp = defineProcessRuntime({
  language: 'exercism-cpp',
  versionArgv: versionOf(`printf 'c++ r${EXERCISM_CPP_REVISION} '; /usr/bin/g++ -dumpfullversion`),
  debianPackages: 'g++',
  canaries: canaries(
    cppCanary('int value() { return 1; }'),
    cppCanary('#include <cstdlib>\nint value() { exit(0); }'),
    (seconds) => cppCanary(`#include <unistd.h>\nint value() { sleep(${seconds}); return 2; }`),
  ),
  plan(source, limits, version): ExecPlan {
    const files = {
      ...exercismFiles(source),
      'passk_main.cpp': CPP_WRAPPER /* as cpp.ts: the end event follows Catch's main returning 0 */,
    };
    return {
      files,
      // Exercism's own flags; Catch's main compiled once and linked (exercism-catch.ts)
      ...catchPlan(files, version, limits),
      run: {
        argv: ['/bin/sh', '-c', 'exec "$0" 1>&2', '{artifacts}/program'],
        // bank-account's test starts 1000 threads at once: each reserves an 8 MiB stack of
        // address space (RLIMIT_AS), so the address-space cap rises; the memory actually used
        // stays capped by the slot's cgroup where there is one (docs/security.md)
        limits: {
          maxProcesses: Math.max(limits.maxProcesses, 1100),
          memoryBytes: Math.max(limits.memoryBytes, 10 * 2 ** 30),
        },
      },
    };
  },
  diagnose: diagnoseWith(/FAILED|failed/),
});

// --- Java -------------------------------------------------------------------------------------

/** Debian's JUnit 5 (junit5: the console launcher bundles platform + Jupiter) and AssertJ. */
const JUNIT = '/usr/share/java/junit-platform-console-standalone.jar';
const ASSERTJ = '/usr/share/java/assertj-core.jar';
const JAVA_CLASSPATH = [JUNIT, ASSERTJ];

/**
 * Runs the exercise's test classes with the JUnit Platform launcher (no Gradle: it would
 * download itself) and writes the end event only when every test found succeeded.
 */
const JUNIT_MAIN = `import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.PrintWriter;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

public final class PasskJUnit {
  public static void main(String[] args) throws Exception {
    String nonce = ${JAVA_TAKE_NONCE};
    LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
    for (String name : args) request.selectors(selectClass(name));
    Launcher launcher = LauncherFactory.create();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    launcher.execute(request.build(), listener);
    TestExecutionSummary summary = listener.getSummary();
    PrintWriter err = new PrintWriter(System.err, true);
    summary.printFailuresTo(err, 15);
    summary.printTo(err);
    err.flush();
    boolean ok = !nonce.isEmpty() && summary.getTestsFoundCount() > 0
        && summary.getTestsSucceededCount() == summary.getTestsFoundCount();
    if (ok) {
      try (java.io.FileOutputStream out = new java.io.FileOutputStream("/proc/self/fd/${RESULT_FD}")) {
        out.write(String.format(${END_EVENT}, nonce).getBytes());
      }
    }
    System.exit(ok ? 0 : 1);
  }
}
`;

const javaCanary = (body: string) => ({
  'src/main/java/Canary.java': `public class Canary {\n  public static int value() {\n    ${body}\n  }\n}\n`,
  'src/test/java/CanaryTest.java':
    'import static org.assertj.core.api.Assertions.assertThat;\nimport org.junit.jupiter.api.Test;\n\npublic class CanaryTest {\n  @Test\n  public void two() {\n    assertThat(Canary.value()).isEqualTo(2);\n  }\n}\n',
});

const JAVAC = realBinary('/usr/bin/javac');
/**
 * The tests' JVM with its optimising compiler (C2), as Exercism's own runner has it: an
 * exercise's tests can be heavy (alphametics' reference: 19 s of CPU under C1 alone, 6.4 s with
 * C2), where a short test class pays ~0.25 s more.
 */
const JUNIT_FLAGS = JVM_FLAGS.filter((flag) => flag !== '-XX:TieredStopAtLevel=1');
/** javac's options after its JVM's: the same alone and in a batch (java-batch.ts). */
const JAVAC_OPTIONS = ['-encoding', 'UTF-8', '-nowarn', '-cp', JAVA_CLASSPATH.join(':')];
const JAVAC_TIMEOUT_MS = 120_000;

/** The exercise's files with passk's launcher, and javac's sources among them. */
function javaExercise(source: string): { files: Record<string, string>; sources: string[] } {
  const files = { ...exercismFiles(source), 'PasskJUnit.java': JUNIT_MAIN };
  const sources = Object.keys(files).filter((f) => f.endsWith('.java') && !f.startsWith('.'));
  return { files, sources };
}

/** This run's batches (batch.ts, java-batch.ts), made by prepareJavaBatch. */
let javaBatches: Batches | undefined;

/** One javac JVM per batch compiles its exercises one by one (java-batch.ts). */
async function prepareJavaBatch(sources: readonly string[], install: Toolchain): Promise<void> {
  javaBatches = undefined;
  if (!install.artifactsDir) return;
  const compiler = await ensureBatchCompiler(install.artifactsDir, JAVAC, install.version);
  if (!compiler) return;
  javaBatches = new Batches(
    jvmBatch({
      mode: 'javac',
      jvm: [JAVA, ...JVM_FLAGS, '-Xmx512m', '-cp', compiler],
      // No annotation processor (none is on the class path) runs in the shared compiler JVM.
      options: [...JAVAC_OPTIONS, '-proc:none'],
      files: (source) => javaExercise(source).files,
      sources: (source) => javaExercise(source).sources,
      memberLimitMs: JAVAC_TIMEOUT_MS / 4,
      output: '{artifacts}/classes',
      memberOutput: (member) => `{artifacts}/classes/${member}`,
    }),
    [install.interpreter, ...PYTHON_FLAGS],
    install.version,
  );
  javaBatches.prepare(sources, availableParallelism());
}

export const exercismJava = defineProcessRuntime({
  language: 'exercism-java',
  versionArgv: versionOf(`'${realBinary('/usr/bin/javac')}' -version`),
  debianPackages: 'openjdk-17-jdk-headless junit5 libassertj-core-java',
  mounts: [JAVA_ETC],
  canaries: canaries(
    javaCanary('return 1;'),
    javaCanary('System.exit(0);\n    return 2;'),
    (seconds) =>
      javaCanary(
        `try { Thread.sleep(${seconds * 1000}L); } catch (InterruptedException e) { }\n    return 2;`,
      ),
  ),
  plan(source, limits, version): ExecPlan {
    const { files, sources } = javaExercise(source);
    const tests = Object.keys(files)
      .filter((f) => f.startsWith('src/test/java/') && f.endsWith('Test.java'))
      .map((f) => f.slice('src/test/java/'.length, -'.java'.length).replaceAll('/', '.'));
    const argv = [
      JAVAC,
      ...JVM_FLAGS.map((flag) => `-J${flag}`),
      '-J-Xmx512m',
      ...JAVAC_OPTIONS,
      '-d',
      'classes',
      ...sources,
    ];
    const run = {
      argv: jvmArgv(limits, ['{artifacts}/classes', ...JAVA_CLASSPATH], 'PasskJUnit', {
        args: tests,
        flags: JUNIT_FLAGS,
      }),
      limits: {
        memoryBytes: Math.max(limits.memoryBytes, 2 * 2 ** 30),
        // bank-account's test runs many threads at once
        maxProcesses: Math.max(limits.maxProcesses, 1100),
      },
    };
    const batch = javaBatches?.step(source, compileLimits(limits, 2 * JAVAC_TIMEOUT_MS), run);
    return {
      files,
      compile: {
        argv,
        key: artifactKey(version, argv, files),
        outputs: ['classes'],
        limits: compileLimits(limits, JAVAC_TIMEOUT_MS),
      },
      run,
      ...(batch ? { batch } : {}),
    };
  },
  diagnose: diagnoseWith(/MethodSource|tests failed|Failures \(/),
  prepareBatch: prepareJavaBatch,
});
