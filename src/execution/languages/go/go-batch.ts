import { type BatchLanguage, topLevelText } from '../kit/batch.js';
import { harnessFile } from '../kit/harness-template.js';

/** A test `go test` runs: `TestXxx` (Xxx not starting lower-case) taking `*testing.T`. */
const TEST = /^func\s+(Test(?:[^a-z(\s]\w*)?)\s*\(\s*\w+\s+\*testing\.T\s*\)/gm;

/** The names of the tests `go test` runs in `source` that passk can list (go.ts testMain). */
export function goTestNames(source: string): string[] {
  return [...new Set([...source.matchAll(TEST)].map((match) => match[1]!))];
}

/**
 * What could make a program run differently beside other packages than alone, or reach into
 * them: package initialisation (a package-level `var`, `init`), functions `go test` runs or
 * checks other than tests (examples, fuzz targets, benchmarks, TestMain), compiler directives,
 * cgo and unsafe, and the name of passk's own test list.
 */
const NOT_IN_BATCH =
  /^func\s+(?:init|TestMain|Example|Fuzz|Benchmark)|\/\/go:|\bimport\s+"C"|"unsafe"|PasskTests/m;
/** Outside every function body: a package-level `var` or `init` (initialised at start-up). */
const TOP_LEVEL = /\bvar\b|\bfunc\s+init\b/;

function admitted(source: string): boolean {
  const top = topLevelText(source);
  return (
    top !== undefined &&
    /^\s*package\s+\w+/m.test(source) &&
    !NOT_IN_BATCH.test(source) &&
    !TOP_LEVEL.test(top) &&
    tests(source) !== undefined
  );
}

/** Every `func Test…` line must be a test `go test` accepts (else `go test` itself rejects it). */
function tests(source: string): string[] | undefined {
  const found = [...source.matchAll(TEST)].map((match) => match[1]!);
  const lines = source.match(/^func\s+Test/gm)?.length ?? 0;
  return found.length > 0 && found.length === lines ? found : undefined;
}

/**
 * Go: each member is a package of its own (`./passk_mN`, its `package` clause renamed; its test
 * functions, now in a plain file, run as subtests of one `TestPassk_mN` in the batch's test
 * binary, which skips every member but the one PASSK_MEMBER names). Same toolchain, flags and
 * TestMain (end sentinel) as a program compiled alone; goimports first, on every member file.
 */
export function goBatch(options: {
  build: string[];
  env: Record<string, string>;
  testMain: string;
  /** The package holding the nonce (go.ts GUARD_GO), which testMain imports as ./passkguard. */
  guard: string;
  goimports?: string;
}): BatchLanguage {
  return {
    eligible: admitted,
    memberFiles: (source, member) => ({
      [`${member}/x.go`]: source.replace(/^(\s*package\s+)\w+/m, `$1${member}`),
      [`${member}/passk_tests.go`]: harnessFile(import.meta.url, 'batch_member_tests.go', {
        PACKAGE: member,
        RUNS: tests(source)!
          .map((name) => `\tt.Run("${name}", ${name})\n`)
          .join(''),
      }),
    }),
    files: { 'passk_main_test.go': options.testMain, 'passkguard/guard.go': options.guard },
    mainFile: 'main_test.go',
    main: harnessFile(import.meta.url, 'batch_main_test.go'),
    item: '\t{m} "./{m}"\n',
    arm: harnessFile(import.meta.url, 'batch_arm.go'),
    argv: [...options.build, 'main_test.go', 'passk_main_test.go'],
    output: 'program',
    blame: String.raw`(passk_m\d+)/x\.go:\d+`,
    env: options.env,
    ...(options.goimports ? { pre: { argv: [options.goimports, '-w'], file: '{m}/x.go' } } : {}),
  };
}
