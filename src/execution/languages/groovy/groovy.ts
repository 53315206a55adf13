import { RESULT_FD } from '../../worker/protocol.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { harnessFile } from '../kit/harness-template.js';
import { JAVA, JAVA_ETC, jvmArgv } from '../kit/jvm.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { atLeast, defineProcessRuntime, firstLine } from '../kit/process-runtime.js';
import { withPrologue } from '../kit/script-language.js';

/** Debian's Groovy 2.4: its jars, run on the JDK directly (its `groovy` script wants JAVA_HOME). */
const GROOVY_LIB = '/usr/share/groovy/lib';
const GROOVY_MAIN = 'groovy.ui.GroovyMain';

const PROLOGUE = harnessFile(import.meta.url, 'passk_prologue.groovy', { NONCE_FD }).trimEnd();
const SENTINEL = harnessFile(import.meta.url, 'passk_sentinel.groovy', { RESULT_FD }).trimEnd();

/** The script as it runs: the prologue first, the sentinel its last statement. */
export function groovyScript(source: string): string {
  return `${withPrologue(source, PROLOGUE)}\n${SENTINEL}\n`;
}

/**
 * Groovy scripts as McEval runs them (`groovy file`): GroovyMain with every jar of Debian's
 * Groovy on the class path (as its starter loads them). A failed `assert` prints "Caught:
 * Assertion failed:" and the power-assert diagram on stderr, status 1.
 */
export const groovy = defineProcessRuntime({
  language: 'groovy',
  versionArgv: [JAVA, '-cp', `${GROOVY_LIB}/*`, GROOVY_MAIN, '--version'],
  debianPackages: 'groovy',
  mounts: [JAVA_ETC],
  canaries: canaryFolder(import.meta.url, '.groovy', (text) => `// ${text.replace(/\n/g, ' ')}\n`),
  plan(source, limits) {
    // The JVM's reservations need 2 GiB of address space at least, as for Java.
    const jvm = {
      ...limits,
      memoryBytes: atLeast(limits, { memoryBytes: 2 * 2 ** 30 }).memoryBytes,
    };
    const argv = jvmArgv(jvm, [`${GROOVY_LIB}/*`], GROOVY_MAIN, {
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
