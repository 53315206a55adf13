import { existsSync } from 'node:fs';
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
import { bindProgram, reviewTamper } from '../kit/test-binding.js';
import { buildInto, supportHash } from '../kit/toolchain-support.js';
import type { Toolchain } from '../kit/types.js';
import { PYTHON_FLAGS } from '../kit/worker-host.js';

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
  return harnessFile(import.meta.url, 'PasskLauncher.scala', {
    TAKE_NONCE: JAVA_TAKE_NONCE,
    MAIN_OBJECT: mainObject,
    RESULT_FD,
    END_EVENT,
  });
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

/**
 * The compiler's version as `scalac -version` prints it, read from its jar: a scalac JVM started
 * only to print it took 1–2 s of CPU per run, and more than the probe's 20 s under heavy load.
 * Fails (toolchain missing) without the library jar or the JVM.
 */
const VERSION_SCRIPT = harnessFile(import.meta.url, 'scalac_version.py');

/** scalac's JVM (its own flags: a deeper stack and a bigger heap than a program's). */
const SCALAC_JVM = [JAVA, ...JVM_FLAGS, '-Xss8m', '-Xmx768m'];
/** scalac's options after its main class, before `-d` and the sources: the same alone and batched. */
const SCALAC_OPTIONS = ['-usejavacp', '-nowarn', '-encoding', 'UTF-8'];
const SCALAC_TIMEOUT_MS = 120_000;
const SOURCES = ['program.scala', 'PasskLauncher.scala'];

/** The program's files: its tests bound to `_root_.scala.Predef.assert` (test-binding.ts). */
export function scalaFiles(source: string): Record<string, string> {
  const bound = bindProgram('scala', source);
  return { 'program.scala': bound, 'PasskLauncher.scala': launcher(scalaMainObject(bound)) };
}

/** What MultiPL-E's Scala programs use (collections, strings, math, Option, pattern matching). */
const CDS_SAMPLE = harnessFile(import.meta.url, 'cds-sample/Problem.scala');

/** Runs of fewer programs than this do not build scalac's archive (they use one already built). */
const ARCHIVE_MIN_PROGRAMS = 4;

/** Per artifact cache (host path): the sandbox path of scalac's class-data archive, when built. */
const scalacArchives = new Map<string, string>();

/** The archive's JVM option for this cache, when one was built (else none: a plain start). */
function scalacArchive(install: { artifactsDir?: string }): string[] {
  const archive = install.artifactsDir ? scalacArchives.get(install.artifactsDir) : undefined;
  return archive ? [`-XX:SharedArchiveFile=${archive}`] : [];
}

/**
 * Most of a scalac run is its JVM starting and loading the compiler's classes (~2 s of CPU): a
 * class-data archive of them (AppCDS, dumped once on the host from our own sample, as java.ts
 * does for javac) takes about 0.8 s off each scalac JVM, alone or batched. The archive is
 * dumped with the compiler's class path, which both starts begin with (a longer class path at
 * run time is allowed). Only the compiler's start-up changes: the classes it writes are the same.
 */
async function buildScalacArchive(
  install: Toolchain & { artifactsDir: string },
  programs: number,
): Promise<void> {
  const name = `java-support/scalac-${supportHash(install.version, ...SCALAC_JVM, COMPILER_CP)}`;
  const folder = join(install.artifactsDir, name);
  // The dump costs ~4 s of CPU more than a plain compile: a run of a few programs uses an
  // archive an earlier run built, and builds one only when it has enough compiles to repay it.
  if (programs < ARCHIVE_MIN_PROGRAMS && !existsSync(folder)) {
    scalacArchives.delete(install.artifactsDir);
    return;
  }
  const built = await buildInto(folder, { 'program.scala': CDS_SAMPLE }, [
    ...SCALAC_JVM,
    '-XX:ArchiveClassesAtExit={dir}/scalac.jsa',
    '-cp',
    COMPILER_CP,
    'scala.tools.nsc.Main',
    ...SCALAC_OPTIONS,
    '-d',
    '{dir}/classes.jar',
    '{dir}/program.scala',
  ]);
  if (built) scalacArchives.set(install.artifactsDir, `{cache}/${name}/scalac.jsa`);
  else scalacArchives.delete(install.artifactsDir);
}

/** This run's batches (batch.ts, java-batch.ts), made by prepare. */
let batches: Batches | undefined;

/** One scalac JVM per batch compiles its members one by one (java-batch.ts). */
async function prepare(sources: readonly string[], install: Toolchain): Promise<void> {
  batches = undefined;
  if (!install.artifactsDir) return;
  await buildScalacArchive({ ...install, artifactsDir: install.artifactsDir }, sources.length);
  const javac = realBinary('/usr/bin/javac');
  const compiler = await ensureBatchCompiler(install.artifactsDir, javac, install.version);
  if (!compiler) return;
  batches = new Batches(
    jvmBatch({
      mode: 'scalac',
      jvm: [
        ...SCALAC_JVM,
        ...scalacArchive(install),
        `-Dpassk.classpath=${COMPILER_CP}`,
        '-cp',
        `${COMPILER_CP}:${compiler}`,
      ],
      options: SCALAC_OPTIONS,
      files: scalaFiles,
      sources: () => SOURCES,
      memberLimitMs: SCALAC_TIMEOUT_MS / 4,
      output: '{artifacts}/classes.jar',
      memberOutput: (member) => `{artifacts}/classes/${member}.jar`,
    }),
    [install.interpreter, ...PYTHON_FLAGS],
    install.version,
  );
  batches.prepare(sources, availableParallelism());
}

export const scala = defineProcessRuntime({
  language: 'scala',
  versionArgv: [
    '/usr/bin/python3',
    '-I',
    '-c',
    VERSION_SCRIPT,
    `${SCALA_LIB}/scala-compiler.jar`,
    LIBRARY,
    JAVA,
  ],
  debianPackages: 'scala openjdk-17-jdk-headless',
  mounts: [JAVA_ETC],
  canaries: canaryFolder(import.meta.url, '.scala', (text) => `// ${text.replace(/\n/g, ' ')}\n`),
  plan(source, limits, version, install) {
    const files = scalaFiles(source);
    const argv = [
      ...SCALAC_JVM,
      ...scalacArchive(install),
      '-cp',
      COMPILER_CP,
      'scala.tools.nsc.Main',
      ...SCALAC_OPTIONS,
      // A jar: scalac writes one itself, where a classes folder would have to exist already.
      '-d',
      'classes.jar',
      ...SOURCES,
    ];
    const run = {
      // Scala's `assert` throws java.lang.AssertionError (always on, no -ea needed).
      argv: jvmArgv(limits, ['{artifacts}/classes.jar', LIBRARY], 'PasskLauncher'),
      limits: {
        memoryBytes: atLeast(limits, { memoryBytes: 2 * 2 ** 30 }).memoryBytes,
        maxProcesses: Math.max(limits.maxProcesses, 128),
      },
    };
    const batch = batches?.step(source, compileLimits(limits, 2 * SCALAC_TIMEOUT_MS), run);
    return {
      files,
      compile: {
        argv,
        key: artifactKey(version, argv, files),
        outputs: ['classes.jar'],
        limits: compileLimits(limits, SCALAC_TIMEOUT_MS),
      },
      run,
      ...(batch ? { batch } : {}),
    };
  },
  diagnose: jvmDiagnose,
  prepareBatch: prepare,
  review: (source, verdict) => reviewTamper('scala', source, verdict),
});
