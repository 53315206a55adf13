import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RuntimeMissingError } from '../../../core/errors.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { enginesFolder, needingEngine } from '../kit/engines.js';
import { harnessFile } from '../kit/harness-template.js';
import { JAVA, JAVA_ETC, jvmArgv } from '../kit/jvm.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { atLeast, defineProcessRuntime, firstLine } from '../kit/process-runtime.js';
import { withPrologue } from '../kit/script-language.js';
import type { Runtime } from '../kit/types.js';

/**
 * Apache Groovy 4's jars as npm-groovy-lint carries them (pinned in scripts/groovy/package-lock.json),
 * which `scripts/setup.sh --languages` installs into `.passk-engines/groovy`; $PASSK_GROOVY_DIR
 * names another such folder. McEval ran a modern Groovy: its references use `do { } while`, Java
 * lambdas and `list.size`, which Debian's Groovy, 2.4, rejects.
 */
export const GROOVY_DIR_VARIABLE = 'PASSK_GROOVY_DIR';
export const GROOVY_VERSION = '4.0.26';

/** Read once: the jars mounted in the sandbox and the class path must agree. */
const LIB = join(
  enginesFolder('groovy', GROOVY_DIR_VARIABLE),
  'node_modules/npm-groovy-lint/lib/java/groovy/lib',
);
/**
 * Groovy's core (its parser, ASM and picocli shaded in) and the modules a script may use without
 * an import's jar of its own (JsonSlurper, XmlSlurper, Date's extension methods, templates): the
 * package's Ant and CLI jars, and its CodeNarc beside them, stay outside the sandbox.
 */
function groovyJars(lib: string): string[] {
  const modules = ['groovy', 'groovy-json', 'groovy-xml', 'groovy-dateutil', 'groovy-templates'];
  return modules.map((name) => join(lib, `${name}-${GROOVY_VERSION}.jar`));
}
export const GROOVY_JARS = groovyJars(LIB);
const GROOVY_MAIN = 'groovy.ui.GroovyMain';
/**
 * McEval's references read `list.size` on an ArrayList (Groovy/22, /31, /32, /43, /49): Groovy
 * finds ArrayList's private field `size` by reflection, which the JDKs up to 15 allowed (illegal
 * access was permitted) and JDK 17 refuses unless java.util is opened; without it the property
 * spreads over the elements (MissingPropertyException), in Groovy 2.4 and 4 alike.
 */
const OPENS = ['--add-opens', 'java.base/java.util=ALL-UNNAMED'];

const PROLOGUE = harnessFile(import.meta.url, 'passk_prologue.groovy', { NONCE_FD }).trimEnd();
const SENTINEL = harnessFile(import.meta.url, 'passk_sentinel.groovy', { RESULT_FD }).trimEnd();

/** The script as it runs: the prologue first, the sentinel its last statement. */
export function groovyScript(source: string): string {
  return `${withPrologue(source, PROLOGUE)}\n${SENTINEL}\n`;
}

/**
 * Groovy scripts as McEval runs them (`groovy file`): GroovyMain on the JDK with Groovy's jars
 * on the class path. A failed `assert` prints "Caught: Assertion failed:" and the power-assert
 * diagram on stderr, status 1.
 */
const base = defineProcessRuntime({
  language: 'groovy',
  versionArgv: [JAVA, '-cp', GROOVY_JARS.join(':'), GROOVY_MAIN, '--version'],
  debianPackages: 'openjdk-17-jdk-headless',
  mounts: [JAVA_ETC, ...GROOVY_JARS],
  canaries: canaryFolder(import.meta.url, '.groovy', (text) => `// ${text.replace(/\n/g, ' ')}\n`),
  plan(source, limits) {
    // 4 GiB of address space at least, as for Kotlin: under 2 GiB, Groovy 4's JVM now and then
    // exited 1 with nothing on stderr as it started or ended (10 of 96 runs of one reference in
    // the sandbox; none of 96 at 4 GiB), evidently short of address space for its reservations.
    const jvm = {
      ...limits,
      memoryBytes: atLeast(limits, { memoryBytes: 4 * 2 ** 30 }).memoryBytes,
    };
    const argv = jvmArgv(jvm, GROOVY_JARS, GROOVY_MAIN, {
      before: OPENS,
      args: ['{scratch}/program.groovy'],
    });
    return {
      files: { 'program.groovy': groovyScript(source) },
      // The JVM's threads count against the process limit, as for Java.
      run: {
        argv,
        limits: { memoryBytes: jvm.memoryBytes, maxProcesses: Math.max(limits.maxProcesses, 128) },
      },
    };
  },
  diagnose(outcome) {
    // Groovy compiles the script when it starts: a syntax error is 'startup failed', status 1.
    if (outcome.exitCode === 1 && /startup failed:/.test(outcome.stderrTail)) {
      const message = firstLine(outcome.stderrTail, /program\.groovy: \d+:/);
      return { status: 'error', errorType: 'CompileError', message };
    }
    const caught = /^Caught: ([\w.$]+)?(.*)$/m.exec(outcome.stderrTail);
    if (outcome.exitCode !== 1 || !caught) return undefined;
    const message = firstLine(outcome.stderrTail, /^Caught: /).replace(/^Caught: /, '');
    if (message.startsWith('Assertion failed')) {
      return { status: 'failed', errorType: 'AssertionFailed', message };
    }
    const type = (caught[1] ?? 'Error').split('.').at(-1) ?? 'Error';
    return { status: 'error', errorType: type, message };
  },
});

/** The error for a folder without Groovy's jars, naming the fix; undefined when they are there. */
export function missingGroovy(lib: string): RuntimeMissingError | undefined {
  const missing = groovyJars(lib).find((jar) => !existsSync(jar));
  if (missing === undefined) return undefined;
  return new RuntimeMissingError(`Groovy ${GROOVY_VERSION} is not installed (no ${missing})`, {
    hint: `run \`bash scripts/setup.sh --languages\` (installs npm's npm-groovy-lint, which carries Groovy's jars, into .passk-engines/groovy), or set ${GROOVY_DIR_VARIABLE} to a folder where it is installed (its node_modules/npm-groovy-lint)`,
  });
}

/** The runtime, with missing jars named with their fix (not a Debian package). */
export const groovy: Runtime = needingEngine(base, () => missingGroovy(LIB));
