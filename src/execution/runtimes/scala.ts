import { existsSync } from 'node:fs';
import { JAVA, JAVA_ETC, JVM_FLAGS, jvmArgv, jvmDiagnose } from './java.js';
import { enclosingTypeOfLastMain } from './launcher-main.js';
import { JAVA_TAKE_NONCE } from './nonce-channel.js';
import {
  artifactKey,
  atLeast,
  compileLimits,
  defineProcessRuntime,
  END_EVENT,
} from './process-runtime.js';

/** Debian's Scala (2.11), run on the JDK directly: its scalac/scala scripts need /etc/alternatives. */
const SCALA_LIB = '/usr/share/scala-2.11/lib';
const COMPILER_CP = ['scala-compiler.jar', 'scala-library.jar', 'scala-reflect.jar']
  .map((jar) => `${SCALA_LIB}/${jar}`)
  .join(':');
const LIBRARY = `${SCALA_LIB}/scala-library.jar`;

/**
 * Runs the program's `main` object (MultiPL-E: `object Problem`), then writes the end event; an
 * early `System.exit`/`sys.exit` never gets there.
 */
function launcher(mainObject: string): string {
  return `object PasskLauncher {
  def main(args: Array[String]): Unit = {
    val nonce = ${JAVA_TAKE_NONCE}
    ${mainObject}.main(Array[String]())
    Console.out.flush()
    System.out.flush()
    if (nonce.isEmpty) return
    val out = new java.io.FileOutputStream("/proc/self/fd/3")
    try out.write(String.format(${END_EVENT}, nonce).getBytes()) finally out.close()
  }
}
`;
}

/** The object that declares `def main(` (the last one opened before it). */
export function scalaMainObject(program: string): string {
  // The tests' main is the last (launcher-main.ts): a candidate's decoy before it is not called.
  const tests = enclosingTypeOfLastMain(
    program,
    /\bdef\s+main\s*\(/,
    /(?<![.\w])(?:object|class|trait)\s+([A-Za-z_]\w*)/,
  );
  if (tests !== undefined) return tests;
  const source = program.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  const at = source.search(/\bdef\s+main\s*\(/);
  const before = at < 0 ? source : source.slice(0, at);
  return [...before.matchAll(/\bobject\s+([A-Za-z_][\w]*)/g)].map((m) => m[1]!).at(-1) ?? 'Main';
}

export const scala = defineProcessRuntime({
  language: 'scala',
  versionArgv: [
    JAVA,
    '-cp',
    COMPILER_CP,
    'scala.tools.nsc.Main',
    existsSync(LIBRARY) ? '-version' : '--missing-scala',
  ],
  debianPackages: 'scala openjdk-17-jdk-headless',
  mounts: [JAVA_ETC],
  canaries: {
    wrong:
      'object Main {\n  def add(a: Int, b: Int): Int = a - b\n  def main(args: Array[String]) = {\n    assert(add(1, 1) == 2)\n  }\n}\n',
    earlyExits: [
      'object Main {\n  def main(args: Array[String]) = {\n    System.exit(0)\n    assert(false)\n  }\n}\n',
    ],
    sleeper: (seconds) =>
      `object Main {\n  def main(args: Array[String]) = {\n    Thread.sleep(${seconds * 1000})\n  }\n}\n`,
    comment: (text) => `// ${text.replace(/\n/g, ' ')}\n`,
  },
  plan(source, limits, version) {
    const files = {
      'program.scala': source,
      'PasskLauncher.scala': launcher(scalaMainObject(source)),
    };
    const argv = [
      JAVA,
      ...JVM_FLAGS,
      '-Xss8m',
      '-Xmx768m',
      '-cp',
      COMPILER_CP,
      'scala.tools.nsc.Main',
      '-usejavacp',
      '-nowarn',
      '-encoding',
      'UTF-8',
      // A jar: scalac writes one itself, where a classes folder would have to exist already.
      '-d',
      'classes.jar',
      'program.scala',
      'PasskLauncher.scala',
    ];
    return {
      files,
      compile: {
        argv,
        key: artifactKey(version, argv, files),
        outputs: ['classes.jar'],
        limits: compileLimits(limits, 120_000),
      },
      run: {
        // Scala's `assert` throws java.lang.AssertionError (always on, no -ea needed).
        argv: jvmArgv(limits, ['{artifacts}/classes.jar', LIBRARY], 'PasskLauncher'),
        limits: {
          memoryBytes: atLeast(limits, { memoryBytes: 2 * 2 ** 30 }).memoryBytes,
          maxProcesses: Math.max(limits.maxProcesses, 128),
        },
      },
    };
  },
  diagnose: jvmDiagnose,
});
