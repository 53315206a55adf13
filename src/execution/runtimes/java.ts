import type { RawOutcome, ResolvedLimits } from '../sandboxes/types.js';
import {
  artifactKey,
  atLeast,
  compileLimits,
  defineProcessRuntime,
  END_EVENT,
  realBinary,
} from './process-runtime.js';
import type { Diagnosis } from './types.js';

/** MultiPL-E's Java prompts import org.javatuples (Debian: libjavatuples-java). */
const CLASSPATH = ['/usr/share/java/javatuples.jar'];
const JAVAC = realBinary('/usr/bin/javac');
export const JAVA = realBinary('/usr/bin/java');
/** Debian's JDK links its config (jvm.cfg, security) into /etc, which the sandbox must see. */
export const JAVA_ETC = '/etc/java-17-openjdk';
/** Start-up matters more than peak speed for test programs: serial GC, C1 only, shared archive. */
export const JVM_FLAGS = [
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-Xshare:auto',
  '-XX:ReservedCodeCacheSize=64m',
  '-XX:CompressedClassSpaceSize=64m',
];

/**
 * The class whose `main` runs after the tests' own `main` returns (an early System.exit skips
 * it) and writes the end sentinel. The program's main class is called directly: it is in the
 * same (default) package, so a package-private class such as MultiPL-E's `Problem` works.
 */
function launcher(mainClass: string): string {
  return `public final class PasskLauncher {
  public static void main(String[] args) throws Throwable {
    String nonce = System.getenv("PASSK_NONCE");
    ${mainClass}.main(new String[0]);
    System.out.flush();
    try (java.io.FileOutputStream out = new java.io.FileOutputStream("/proc/self/fd/3")) {
      out.write(String.format(${END_EVENT}, nonce).getBytes());
    }
  }
}
`;
}

/** The class that declares `static void main(` (the last class opened before it), and the public one. */
export function javaClasses(program: string): { main: string; file: string } {
  // Comments first: prose such as "the name of a class (a string)" is not a declaration.
  const source = program.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  const at = source.search(/static\s+void\s+main\s*\(/);
  const before = at < 0 ? source : source.slice(0, at);
  const classes = [...before.matchAll(/\bclass\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!);
  const main = classes.at(-1) ?? 'Main';
  const declaredPublic = /\bpublic\s+(?:final\s+|abstract\s+)*class\s+([A-Za-z_$][\w$]*)/.exec(
    source,
  )?.[1];
  return { main, file: `${declaredPublic ?? main}.java` };
}

/** A JVM program's uncaught exception (Java, Scala): AssertionError is a failed test. */
export function jvmDiagnose(outcome: RawOutcome): Diagnosis | undefined {
  const thrown = /Exception in thread "main" ([\w.$]+)(?::\s*(.*))?/.exec(outcome.stderrTail);
  if (!thrown?.[1]) return undefined;
  const type = thrown[1].split('.').at(-1)!;
  const status =
    type === 'AssertionError' ? 'failed' : type === 'OutOfMemoryError' ? 'memory' : 'error';
  return { status, errorType: type, message: (thrown[2] ?? '').slice(0, 300) };
}

/** Heap: half the memory limit; the JVM's other reservations need the rest of the address space. */
export function heapMiB(limits: ResolvedLimits): number {
  return Math.max(64, Math.floor(limits.memoryBytes / 2 ** 20 / 2));
}

export const java = defineProcessRuntime({
  language: 'java',
  versionArgv: ['/usr/bin/javac', '-version'],
  debianPackages: 'openjdk-17-jdk-headless libjavatuples-java',
  mounts: [JAVA_ETC],
  canaries: {
    wrong:
      'class Main {\n  static int add(int a, int b) { return a - b; }\n  public static void main(String[] args) {\n    assert add(1, 1) == 2;\n  }\n}\n',
    earlyExits: [
      'class Main {\n  public static void main(String[] args) {\n    System.exit(0);\n  }\n  static { }\n}\n',
    ],
    sleeper: (seconds) =>
      `class Main {\n  public static void main(String[] args) throws Exception {\n    Thread.sleep(${seconds * 1000});\n  }\n}\n`,
    comment: (text) => `// ${text.replace(/\n/g, ' ')}\n`,
  },
  plan(source, limits, version) {
    const { main, file } = javaClasses(source);
    const files = { [file]: source, 'PasskLauncher.java': launcher(main) };
    const argv = [
      JAVAC,
      ...JVM_FLAGS.map((flag) => `-J${flag}`),
      '-J-Xmx512m',
      '-encoding',
      'UTF-8',
      '-nowarn',
      '-cp',
      CLASSPATH.join(':'),
      '-d',
      'classes',
      file,
      'PasskLauncher.java',
    ];
    return {
      files,
      compile: {
        argv,
        key: artifactKey(version, argv, files),
        outputs: ['classes'],
        limits: compileLimits(limits, 60_000),
      },
      run: {
        // -ea: MultiPL-E's tests are `assert` statements, which the JVM skips without it.
        argv: [
          JAVA,
          '-ea',
          ...JVM_FLAGS,
          `-Xmx${heapMiB(limits)}m`,
          '-cp',
          ['{artifacts}/classes', ...CLASSPATH].join(':'),
          'PasskLauncher',
        ],
        limits: {
          memoryBytes: atLeast(limits, { memoryBytes: 2 * 2 ** 30 }).memoryBytes,
          maxProcesses: Math.max(limits.maxProcesses, 128),
        },
      },
    };
  },
  diagnose: jvmDiagnose,
});
