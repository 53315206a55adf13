import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { RESULT_FD } from '../../worker/protocol.js';
import { Batches } from '../kit/batch.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { harnessFile } from '../kit/harness-template.js';
import { JAVA, JAVA_ETC, JVM_FLAGS, jvmArgv, jvmDiagnose } from '../kit/jvm.js';
import { ensureBatchCompiler, jvmBatch } from '../kit/jvm-batch.js';
import { enclosingTypeOfLastMain } from '../kit/launcher-main.js';
import { JAVA_TAKE_NONCE } from '../kit/nonce-channel.js';
import {
  artifactKey,
  atLeast,
  compileLimits,
  defineProcessRuntime,
  END_EVENT,
  realBinary,
} from '../kit/process-runtime.js';
import { reviewTamper } from '../kit/test-binding.js';
import { buildInto, supportHash } from '../kit/toolchain-support.js';
import type { Toolchain } from '../kit/types.js';
import { PYTHON_FLAGS } from '../kit/worker-host.js';

/** MultiPL-E's Java prompts import org.javatuples (Debian: libjavatuples-java). */
const CLASSPATH = ['/usr/share/java/javatuples.jar'];
const JAVAC = realBinary('/usr/bin/javac');

/**
 * The class whose `main` runs after the tests' own `main` returns (an early System.exit skips
 * it) and writes the end sentinel. The program's main class is called directly: it is in the
 * same (default) package, so a package-private class such as MultiPL-E's `Problem` works.
 */
function launcher(mainClass: string): string {
  return harnessFile(import.meta.url, 'PasskLauncher.java', {
    TAKE_NONCE: JAVA_TAKE_NONCE,
    MAIN_CLASS: mainClass,
    RESULT_FD,
    END_EVENT,
  });
}

/** A Java type declaration's head (not `X.class`); its name is the first group. */
const JAVA_TYPE_HEAD = /(?<![.\w$])(?:class|interface|enum|record)\s+([A-Za-z_$][\w$]*)/;

/**
 * The type that declares the tests' `static void main(` (the last one: see launcher-main.ts;
 * else the last class opened before the first), and the public one.
 */
export function javaClasses(program: string): { main: string; file: string } {
  // Comments first: prose such as "the name of a class (a string)" is not a declaration.
  const source = program.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  const at = source.search(/static\s+void\s+main\s*\(/);
  const before = at < 0 ? source : source.slice(0, at);
  const classes = [...before.matchAll(/\bclass\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!);
  const main =
    enclosingTypeOfLastMain(program, /static\s+void\s+main\s*\(/, JAVA_TYPE_HEAD) ??
    classes.at(-1) ??
    'Main';
  const declaredPublic = /\bpublic\s+(?:final\s+|abstract\s+)*class\s+([A-Za-z_$][\w$]*)/.exec(
    source,
  )?.[1];
  return { main, file: `${declaredPublic ?? main.split('.')[0]}.java` };
}

/** javac's own JVM options (the compiler runs in a JVM of its own). */
const JAVAC_JVM = [...JVM_FLAGS.map((flag) => `-J${flag}`), '-J-Xmx512m'];

/** A program that makes javac load what typical test programs need (generics, lambdas, streams). */
const CDS_SAMPLE = harnessFile(import.meta.url, 'cds-sample/Main.java');

/** Per artifact cache (host path): the sandbox path of javac's class-data archive, when built. */
const javacArchives = new Map<string, string>();

/**
 * Most of a javac run is its JVM starting and loading the compiler's classes: a class-data
 * archive of them (AppCDS, dumped once on the host from our own sample) cuts that by about a third.
 * Kept in the artifact cache's `java-support/` folder (exempt from eviction). Only the compiler's
 * start-up changes: the class files it writes are the same.
 */
async function prepare(sources: readonly string[], install: Toolchain): Promise<void> {
  batches = undefined;
  if (!install.artifactsDir) return;
  const name = `java-support/${supportHash(install.version, ...JAVAC_JVM)}`;
  const built = await buildInto(join(install.artifactsDir, name), { 'Main.java': CDS_SAMPLE }, [
    JAVAC,
    ...JAVAC_JVM,
    '-J-XX:ArchiveClassesAtExit={dir}/javac.jsa',
    '-d',
    '{dir}/classes',
    '{dir}/Main.java',
  ]);
  if (built) javacArchives.set(install.artifactsDir, `{cache}/${name}/javac.jsa`);
  else javacArchives.delete(install.artifactsDir);
  const compiler = await ensureBatchCompiler(install.artifactsDir, JAVAC, install.version);
  if (!compiler) return;
  batches = new Batches(
    jvmBatch({
      mode: 'javac',
      // javac's archive serves the batch compiler's JVM too (the same JDK classes and javac's;
      // the archive was dumped without a class path, which any class path extends).
      jvm: [
        JAVA,
        ...JVM_FLAGS,
        ...(built ? [`-XX:SharedArchiveFile={cache}/${name}/javac.jsa`] : []),
        '-Xmx512m',
        '-cp',
        compiler,
      ],
      // -proc:none: no annotation processor (none is on the class path anyway) runs in the JVM
      // that compiles the other members.
      options: [...JAVAC_OPTIONS, '-proc:none'],
      files: (source) => javaFiles(source).files,
      sources: (source) => javaFiles(source).sources,
      memberLimitMs: JAVAC_TIMEOUT_MS / 4,
      output: '{artifacts}/classes',
      memberOutput: (member) => `{artifacts}/classes/${member}`,
    }),
    [install.interpreter, ...PYTHON_FLAGS],
    install.version,
  );
  batches.prepare(sources, availableParallelism());
}

/** This run's batches (batch.ts, java-batch.ts), made by prepare. */
let batches: Batches | undefined;

/** javac's options after its JVM's (`-J…`): the same alone and in a batch. */
const JAVAC_OPTIONS = ['-encoding', 'UTF-8', '-nowarn', '-cp', CLASSPATH.join(':')];
const JAVAC_TIMEOUT_MS = 60_000;

/** A program's files (its own, named for its public class, and the launcher) and javac's sources. */
export function javaFiles(source: string): { files: Record<string, string>; sources: string[] } {
  const { main, file } = javaClasses(source);
  return {
    files: { [file]: source, 'PasskLauncher.java': launcher(main) },
    sources: [file, 'PasskLauncher.java'],
  };
}

export const java = defineProcessRuntime({
  language: 'java',
  versionArgv: ['/usr/bin/javac', '-version'],
  debianPackages: 'openjdk-17-jdk-headless libjavatuples-java',
  mounts: [JAVA_ETC],
  canaries: canaryFolder(import.meta.url, '.java', (text) => `// ${text.replace(/\n/g, ' ')}\n`),
  plan(source, limits, version, install) {
    const { files, sources } = javaFiles(source);
    const archive = install.artifactsDir ? javacArchives.get(install.artifactsDir) : undefined;
    const argv = [
      JAVAC,
      ...JAVAC_JVM,
      ...(archive ? [`-J-XX:SharedArchiveFile=${archive}`] : []),
      ...JAVAC_OPTIONS,
      '-d',
      'classes',
      ...sources,
    ];
    const run = {
      // -ea: MultiPL-E's tests are `assert` statements, which the JVM skips without it.
      argv: jvmArgv(limits, ['{artifacts}/classes', ...CLASSPATH], 'PasskLauncher', {
        before: ['-ea'],
      }),
      limits: {
        memoryBytes: atLeast(limits, { memoryBytes: 2 * 2 ** 30 }).memoryBytes,
        maxProcesses: Math.max(limits.maxProcesses, 128),
      },
    };
    const batch = batches?.step(source, compileLimits(limits, 240_000), run);
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
  diagnose: jvmDiagnose,
  prepareBatch: prepare,
  review: (source, verdict) => reviewTamper('java', source, verdict),
});
