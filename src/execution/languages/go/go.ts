import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { stagingPrefix, workDirPrefix } from '../../artifact-cleanup.js';
import { runCommand } from '../../run-command.js';
import type { Verdict } from '../../types.js';
import type { RawOutcome } from '../../worker/protocol.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { Batches } from '../kit/batch.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { compiledPlan } from '../kit/compiled-plan.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import {
  compileLimits,
  defineProcessRuntime,
  END_EVENT,
  firstLine,
  realBinary,
} from '../kit/process-runtime.js';
import { hostBuildLimits } from '../kit/toolchain-support.js';
import type { Diagnosis, Toolchain } from '../kit/types.js';
import { PYTHON_FLAGS } from '../kit/worker-host.js';
import { goBatch, goTestNames } from './go-batch.js';

const GO = realBinary('/usr/bin/go');
/** Debian's Go libraries (golang-github-stretchr-testify-dev for HumanEval-X's `assert`). */
const GOPATH = '/usr/share/gocode';

/**
 * Benchmarks' Go tests are `func TestX(t *testing.T)`, run by `go test`. This second test file
 * in the program's package adds a TestMain that has the end sentinel written only when every test
 * passed and returned (an `os.Exit` in the candidate never gets there). The nonce is held by the
 * passkguard package (GUARD_GO), which `guard` imports.
 *
 * The tests it runs are `tests`, listed here by name from the program's source and bound to the
 * functions themselves, plus any the generated main knows that the list missed: not the generated
 * main's slice, which a program could rewrite before TestMain runs (a `//go:linkname` to it,
 * refused anyway, see `linknameReview`). Each is wrapped so that TestMain sees it was entered: a
 * test that a flag, a rewritten slice or anything else kept from running leaves the run
 * refused as tampering ('tests-skipped'), as do test flags passk did not set ('test-flags').
 */
export function testMain(
  pkg: string,
  guard = './passkguard',
  tests: readonly string[] = [],
): string {
  const listed = tests.map((name) => `\t\t{Name: "${name}", F: ${name}},\n`).join('');
  return harnessFile(import.meta.url, 'passk_main_test.go', {
    PACKAGE: pkg,
    GUARD: guard,
    TESTS: listed,
  });
}

/**
 * `//go:linkname` reaches any symbol of any package: the generated test main's list of tests,
 * the testing package's state, passk's guard. Only an attack needs it in a benchmark answer, so
 * a program with one is 'failed' with tamper 'linkname', whatever it printed.
 */
export function linknameReview(source: string, verdict: Verdict): Verdict {
  if (!/^\/\/go:linkname\b/m.test(source)) return verdict;
  return {
    ...verdict,
    status: 'failed',
    errorType: 'Tamper',
    message: 'the program tampered with the harness: linkname',
    tamper: 'linkname',
  };
}

/**
 * The package holding the nonce. Imported packages are initialised before the package that
 * imports them, so its `end` is made, the nonce pipe drained and closed, before any of the
 * program's package-level variables or `init` functions run. The nonce lives only in the
 * closure; the closure writes the end event only when called through `End` by `TestMain`, itself
 * called by the test binary's generated `main.main`: a program that imports this package, links
 * to `end` or calls `TestMain` itself gets nothing written.
 */
export const GUARD_GO = harnessFile(import.meta.url, 'guard.go', {
  RESULT_FD,
  NONCE_FD,
  END_EVENT,
});

/**
 * goimports (Debian's golang-golang-x-tools) adds the standard-library imports a program uses
 * but does not declare and drops the ones it declares but does not use, as the original
 * HumanEval-X harness fixes imports before `go test` (Go rejects both at compile time: six
 * canonical solutions do one or the other). It runs in the sandboxed compile step, on the
 * program's own file only; a file it cannot parse fails the compile with its message.
 */
const GOIMPORTS = existsSync('/usr/bin/goimports') ? realBinary('/usr/bin/goimports') : undefined;

function withGoImports(build: string[]): string[] {
  const quoted = build.map((arg) => `'${arg}'`).join(' ');
  return ['/bin/sh', '-c', `'${GOIMPORTS}' -w program_test.go && exec ${quoted}`];
}

const GO_ENV = { GO111MODULE: 'off', GOPATH, CGO_ENABLED: '0', GOTOOLCHAIN: 'local' };
// GOPATH mode (no module download, Debian's libraries), no cgo, no vet: only the compiler decides.
// -s -w: no symbol table or DWARF, which cuts the link (most of a compile) by ~0.3 s; panics
// still print file:line (that comes from the pclntab, which stays).
const BUILD = [GO, 'test', '-c', '-vet=off', '-ldflags=-s -w', '-o', 'program'];
/**
 * Build cache holding the standard test deps compiled once. Under the artifact cache, in a
 * folder that is not a shard of it, which its size-capped eviction exempts (artifact_cache.py).
 */
const SEED_DIR = 'go-build/seed';
const ENV = { ...GO_ENV, GOCACHE: `{cache}/${SEED_DIR}` };
const SEED_PROGRAM = harnessFile(import.meta.url, 'seed_test.go');

/**
 * Compiling testify and its dependencies takes ~25 s; every program would pay it with a fresh
 * build cache. So passk compiles them once here, on the host (our own trusted program, not a
 * candidate), into a cache that sandboxed compiles read but cannot write (Go then just skips
 * storing new entries): a candidate cannot plant anything for the next one. Built in a staging
 * folder and renamed into place only when the build succeeded, so a killed or failed seeding
 * leaves no half-filled cache behind (the next run seeds again).
 */
/** The seeding's wall clock (its CPU per process too, hostBuildLimits). */
const SEED_TIMEOUT_MS = 300_000;

async function warmSeed(install: Toolchain): Promise<void> {
  if (!install.artifactsDir) return;
  const seed = join(install.artifactsDir, SEED_DIR);
  if (existsSync(seed)) return;
  await mkdir(dirname(seed), { recursive: true });
  const staging = await mkdtemp(stagingPrefix(seed));
  const work = await mkdtemp(workDirPrefix('go-seed'));
  try {
    await writeFile(join(work, 'seed_test.go'), SEED_PROGRAM);
    const env = { ...GO_ENV, GOCACHE: staging, HOME: work, TMPDIR: work, PATH: '/usr/bin:/bin' };
    const argv = [
      GO,
      'test',
      '-c',
      '-vet=off',
      '-o',
      join(work, 'seed'),
      join(work, 'seed_test.go'),
    ];
    const limits = hostBuildLimits(SEED_TIMEOUT_MS);
    const built = await runCommand(argv, { env, timeoutMs: SEED_TIMEOUT_MS, limits }).then(
      () => true,
      (error: unknown) => {
        // No testify: programs that need it fail to compile (not cached), and say why.
        const why = (error as { stderr?: string }).stderr?.trim().split('\n').at(-1) ?? error;
        process.stderr.write(`passk: Go build cache not seeded (${String(why).slice(0, 200)})\n`);
        return false;
      },
    );
    if (!built) return;
    await runCommand(['/bin/chmod', '-R', 'a+rX', staging]);
    await rename(staging, seed).catch(() => undefined); // another run seeded it first
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  }
}

function diagnose(outcome: RawOutcome): Diagnosis | undefined {
  const stderr = outcome.stderrTail;
  if (/fatal error: runtime: out of memory|cannot allocate memory/.test(stderr)) {
    return { status: 'memory', errorType: 'OutOfMemory', message: 'runtime: out of memory' };
  }
  if (/^panic: /m.test(stderr)) {
    return {
      status: 'error',
      errorType: 'Panic',
      message: firstLine(stderr, /^panic: /).replace(/^panic: /, ''),
    };
  }
  // A failed t.Errorf / assert prints to stdout and the test binary exits 1.
  if (outcome.exitCode === 1)
    return { status: 'failed', errorType: 'TestFailure', message: 'a test failed' };
  return undefined;
}

export const go = defineProcessRuntime({
  language: 'go',
  versionArgv: [GO, 'version'],
  debianPackages: 'golang-go golang-github-stretchr-testify-dev golang-golang-x-tools',
  canaries: canaryFolder(import.meta.url, '.go', (text) => `// ${text.replace(/\n/g, ' ')}\n`),
  plan(source, limits, version) {
    const pkg = /^\s*package\s+(\w+)/m.exec(source)?.[1] ?? 'main';
    const files = {
      'program_test.go': source,
      'passk_main_test.go': testMain(pkg, './passkguard', goTestNames(source)),
      'passkguard/guard.go': GUARD_GO,
    };
    const build = [...BUILD, 'program_test.go', 'passk_main_test.go'];
    const argv = GOIMPORTS ? withGoImports(build) : build;
    const run = {
      argv: ['{artifacts}/program', '-test.timeout=0'],
      limits: { maxProcesses: Math.max(limits.maxProcesses, 128) },
    };
    const batch = batches?.step(source, compileLimits(limits, 120_000), run);
    return compiledPlan({ files, argv, env: ENV, version, limits, compileMs: 60_000, run, batch });
  },
  diagnose,
  review: linknameReview,
  async prepareBatch(sources, install) {
    await warmSeed(install);
    // Batches only with the seeded build cache, which lives in the artifact cache.
    if (!install.artifactsDir) return;
    const language = goBatch({
      build: BUILD,
      env: ENV,
      testMain: testMain('main'),
      guard: GUARD_GO,
      ...(GOIMPORTS ? { goimports: GOIMPORTS } : {}),
    });
    batches = new Batches(language, [install.interpreter, ...PYTHON_FLAGS], install.version);
    batches.prepare(sources, availableParallelism());
  },
});

/** This run's batches (batch.ts), made by prepareBatch. */
let batches: Batches | undefined;
