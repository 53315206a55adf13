import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RuntimeMissingError } from '../../../core/errors.js';
import type { RawOutcome } from '../../worker/protocol.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { enginesFolder, needingEngine } from '../kit/engines.js';
import { harnessFile } from '../kit/harness-template.js';
import { JAVA, JAVA_ETC, jvmArgv } from '../kit/jvm.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { atLeast, defineProcessRuntime, firstLine } from '../kit/process-runtime.js';
import type { Diagnosis, Runtime } from '../kit/types.js';

/**
 * JetBrains' Kotlin compiler as published on npm (`kotlin-compiler`, pinned in
 * scripts/kotlin/package-lock.json), which `scripts/setup.sh --languages` installs into
 * `.passk-engines/kotlin`; $PASSK_KOTLIN_DIR names another such folder. McEval installs the
 * latest Kotlin (`sdk install kotlin`): its references call 1.4–1.5 library functions
 * (`uppercase`, `sumOf`, `maxOrNull`), which Debian's Kotlin, 1.3.31, does not have.
 */
export const KOTLIN_DIR_VARIABLE = 'PASSK_KOTLIN_DIR';

/** Read once: the folder mounted in the sandbox and the one the compiler runs from must agree. */
const HOME = join(enginesFolder('kotlin', KOTLIN_DIR_VARIABLE), 'node_modules', 'kotlin-compiler');
const COMPILER = [
  `-Dkotlin.home=${HOME}`,
  '-cp',
  `${HOME}/lib/kotlin-preloader.jar`,
  'org.jetbrains.kotlin.preloading.Preloader',
  '-cp',
  `${HOME}/lib/kotlin-compiler.jar`,
  'org.jetbrains.kotlin.cli.jvm.K2JVMCompiler',
];

const PROLOGUE = harnessFile(import.meta.url, 'passk_prologue.kts', { NONCE_FD }).trimEnd();
const SENTINEL = harnessFile(import.meta.url, 'passk_sentinel.kts', { RESULT_FD }).trimEnd();

/**
 * The script as it runs: the prologue after its last leading `import` line (Kotlin wants imports
 * before any statement), the sentinel its last statement.
 */
export function kotlinScript(source: string): string {
  const lines = source.split('\n');
  let at = 0;
  for (const [i, line] of lines.entries()) {
    if (/^\s*import\s/.test(line)) at = i + 1;
    else if (!/^\s*(?:$|\/\/|package\s|@file:)/.test(line)) break;
  }
  return [...lines.slice(0, at), PROLOGUE, ...lines.slice(at), SENTINEL, ''].join('\n');
}

/**
 * A script's uncaught exception ends kotlinc with status 3 and the exception on stderr: McEval's
 * `check(…)` (IllegalStateException "Check failed."), `require` and `assert` are failed tests,
 * any other exception an error. A compile error is `<file>:<line>:<col>: error: …`, status 1.
 */
function diagnose(outcome: RawOutcome): Diagnosis | undefined {
  const stderr = outcome.stderrTail;
  const compile = /^\S+\.kts:\d+:\d+: error: .*$/m.exec(stderr);
  if (outcome.exitCode === 1 && compile) {
    return { status: 'error', errorType: 'CompileError', message: compile[0].slice(0, 300) };
  }
  const thrown =
    /^(?:Exception in thread "main" )?([\w.$]+(?:Exception|Error))(?::\s*(.*))?$/m.exec(stderr);
  if (outcome.exitCode !== 3 || !thrown?.[1]) return undefined;
  const type = thrown[1].split('.').at(-1) ?? 'Error';
  const message = thrown[2] ?? firstLine(stderr, /\S/);
  const failed = /^(?:Check failed|Failed requirement|Assertion failed)/.test(message);
  return { status: failed ? 'failed' : 'error', errorType: type, message };
}

const base = defineProcessRuntime({
  language: 'kotlin',
  versionArgv: [JAVA, ...COMPILER, '-version'],
  debianPackages: 'openjdk-17-jdk-headless',
  mounts: [JAVA_ETC, HOME],
  canaries: canaryFolder(import.meta.url, '.kts', (text) => `// ${text.replace(/\n/g, ' ')}\n`),
  plan(source, limits) {
    // The compiler's JVM maps the JDK's whole module image (jrt:/) beside its heap: under 2 GiB of
    // address space that mmap failed ('Map failed', seen). 4 GiB at least, its threads as Java's.
    const jvm = {
      ...limits,
      memoryBytes: atLeast(limits, { memoryBytes: 4 * 2 ** 30 }).memoryBytes,
    };
    const [java, ...rest] = jvmArgv(jvm, [], '');
    // McEval: `kotlinc -script <file>` (no -ea: Kotlin's `assert` checks nothing there either).
    const flags = rest.slice(0, rest.indexOf('-cp'));
    const argv = [java!, ...flags, ...COMPILER, '-script', '{scratch}/program.kts'];
    return {
      files: { 'program.kts': kotlinScript(source) },
      run: {
        argv,
        limits: { memoryBytes: jvm.memoryBytes, maxProcesses: Math.max(limits.maxProcesses, 128) },
      },
    };
  },
  diagnose,
});

/** The error for a folder without the compiler, naming the fix; undefined when it is there. */
export function missingKotlin(home: string): RuntimeMissingError | undefined {
  if (existsSync(join(home, 'lib', 'kotlin-compiler.jar'))) return undefined;
  return new RuntimeMissingError(`the Kotlin compiler is not installed in ${home}`, {
    hint: `run \`bash scripts/setup.sh --languages\` (installs npm's kotlin-compiler into .passk-engines/kotlin), or set ${KOTLIN_DIR_VARIABLE} to a folder where it is installed (its node_modules/kotlin-compiler)`,
  });
}

/** The runtime, with a missing compiler named with its fix (not a Debian package). */
export const kotlin: Runtime = needingEngine(base, () => missingKotlin(HOME));
