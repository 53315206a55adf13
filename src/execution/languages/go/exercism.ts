import type { ExecPlan } from '../../worker/protocol.js';
import { compiledPlan } from '../kit/compiled-plan.js';
import { diagnoseWith, exercismCanaries, versionOf } from '../kit/exercism-kit.js';
import { defineProcessRuntime, realBinary } from '../kit/process-runtime.js';
import { GUARD_GO, linknameReview, testMain } from './go.js';
import { goTestNames } from './go-batch.js';

const GO = realBinary('/usr/bin/go');

/** The package of the exercise's first non-test Go file. */
function goPackage(files: Record<string, string>): string {
  const name = Object.keys(files).find((f) => f.endsWith('.go') && !f.endsWith('_test.go'));
  const text = name === undefined ? '' : files[name]!;
  return /^\s*package\s+(\w+)/m.exec(text)?.[1] ?? 'main';
}

export const exercismGo = defineProcessRuntime({
  language: 'exercism-go',
  ...versionOf(GO, `'${GO}' version`),
  debianPackages: 'golang-go',
  canaries: exercismCanaries(import.meta.url),
  planFiles(exercise, limits, version): ExecPlan {
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
    const run = {
      argv: ['/bin/sh', '-c', 'exec "$0" -test.timeout=0 1>&2', '{artifacts}/program'],
      limits: { maxProcesses: Math.max(limits.maxProcesses, 128) },
    };
    return compiledPlan({ files, argv, env, version, limits, compileMs: 120_000, run });
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
