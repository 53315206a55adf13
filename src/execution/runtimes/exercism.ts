import type { ExecPlan, RawOutcome } from '../sandboxes/types.js';
import { exercismFiles, exercismSource } from './exercism-source.js';
import {
  artifactKey,
  compileLimits,
  defineProcessRuntime,
  END_EVENT,
  firstLine,
  realBinary,
} from './process-runtime.js';
import type { Canaries, Diagnosis } from './types.js';

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
const EXERCISM_REVISION = 1;
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
 * with every test passed (a candidate's os._exit(0) at import never gets there). The nonce leaves
 * the environment before any exercise code is imported.
 */
const PY_RUNNER = `import os, sys, unittest
nonce = os.environ.pop("PASSK_NONCE", "")
sys.path.insert(0, os.getcwd())
sys.dont_write_bytecode = True
suite = unittest.defaultTestLoader.discover(".", pattern="*_test.py", top_level_dir=".")
result = unittest.TextTestRunner(stream=sys.stderr, verbosity=1).run(suite)
if result.wasSuccessful() and result.testsRun > 0:
    os.write(3, (${END_EVENT} % nonce).encode())
sys.exit(0 if result.wasSuccessful() else 1)
`;

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
    const files = { ...exercismFiles(source), 'passk_run.py': PY_RUNNER };
    return {
      files,
      run: {
        argv: ['/usr/bin/python3', '-I', '-B', 'passk_run.py'],
        env: { PYTHONDONTWRITEBYTECODE: '1' },
      },
    };
  },
  diagnose: diagnoseWith(/^(FAIL|ERROR): |FAILED \(/m),
});

// --- Go ---------------------------------------------------------------------------------------

const GO = realBinary('/usr/bin/go');

/** As go.ts: a TestMain that writes the end event only when every test passed and returned. */
function goTestMain(pkg: string): string {
  return `package ${pkg}

import (
	"fmt"
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	nonce := os.Getenv("PASSK_NONCE")
	os.Unsetenv("PASSK_NONCE")
	code := m.Run()
	if code == 0 {
		fmt.Fprintf(os.NewFile(3, "passk-result"), ${END_EVENT}, nonce)
	}
	os.Exit(code)
}
`;
}

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
    files['exercise/passk_main_test.go'] = goTestMain(goPackage(exercise));
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
});
