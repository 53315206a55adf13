import { availableParallelism } from 'node:os';
import { filesText } from '../../program-files.js';
import type { ExecPlan } from '../../worker/protocol.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { Batches } from '../kit/batch.js';
import { compiledPlan } from '../kit/compiled-plan.js';
import { diagnoseWith, exercismCanaries, versionOf } from '../kit/exercism-kit.js';
import { harnessFile } from '../kit/harness-template.js';
import { JAVA, JAVA_ETC, JVM_FLAGS, jvmArgv } from '../kit/jvm.js';
import { ensureBatchCompiler, jvmBatch } from '../kit/jvm-batch.js';
import { JAVA_TAKE_NONCE } from '../kit/nonce-channel.js';
import {
  compileLimits,
  defineProcessRuntime,
  END_EVENT,
  realBinary,
} from '../kit/process-runtime.js';
import type { ProgramFiles, Toolchain } from '../kit/types.js';
import { PYTHON_FLAGS } from '../kit/worker-host.js';

/** Debian's JUnit 5 (junit5: the console launcher bundles platform + Jupiter) and AssertJ. */
const JUNIT = '/usr/share/java/junit-platform-console-standalone.jar';
const ASSERTJ = '/usr/share/java/assertj-core.jar';
const JAVA_CLASSPATH = [JUNIT, ASSERTJ];

/**
 * Runs the exercise's test classes with the JUnit Platform launcher (no Gradle: it would
 * download itself) and writes the end event only when every test found succeeded.
 */
const JUNIT_MAIN = harnessFile(import.meta.url, 'PasskJUnit.java', {
  RESULT_FD,
  TAKE_NONCE: JAVA_TAKE_NONCE,
  END_EVENT,
});

const JAVAC = realBinary('/usr/bin/javac');
/**
 * The tests' JVM with its optimising compiler (C2), as Exercism's own runner has it: an
 * exercise's tests can be heavy (alphametics' reference: 19 s of CPU under C1 alone, 6.4 s with
 * C2), where a short test class pays ~0.25 s more.
 */
const JUNIT_FLAGS = JVM_FLAGS.filter((flag) => flag !== '-XX:TieredStopAtLevel=1');
/** javac's options after its JVM's: the same alone and in a batch (java-batch.ts). */
const JAVAC_OPTIONS = ['-encoding', 'UTF-8', '-nowarn', '-cp', JAVA_CLASSPATH.join(':')];
const JAVAC_TIMEOUT_MS = 120_000;

/** The exercise's files with passk's launcher, and javac's sources among them. */
function javaExercise(exercise: ProgramFiles): {
  files: Record<string, string>;
  sources: string[];
} {
  const files = { ...exercise, 'PasskJUnit.java': JUNIT_MAIN };
  const sources = Object.keys(files).filter((f) => f.endsWith('.java') && !f.startsWith('.'));
  return { files, sources };
}

/** This run's batches (batch.ts, java-batch.ts), made by prepareJavaBatch. */
let javaBatches: Batches | undefined;

/** One javac JVM per batch compiles its exercises one by one (java-batch.ts). */
async function prepareJavaBatch(
  exercises: readonly ProgramFiles[],
  install: Toolchain,
): Promise<void> {
  javaBatches = undefined;
  // The batches are keyed by text: each exercise's canonical text, and its files by that key.
  const byKey = new Map(exercises.map((exercise) => [filesText(exercise), exercise]));
  const exerciseOf = (key: string): ProgramFiles => byKey.get(key) ?? {};
  if (!install.artifactsDir) return;
  const compiler = await ensureBatchCompiler(install.artifactsDir, JAVAC, install.version);
  if (!compiler) return;
  javaBatches = new Batches(
    jvmBatch({
      mode: 'javac',
      jvm: [JAVA, ...JVM_FLAGS, '-Xmx512m', '-cp', compiler],
      // No annotation processor (none is on the class path) runs in the shared compiler JVM.
      options: [...JAVAC_OPTIONS, '-proc:none'],
      files: (key) => javaExercise(exerciseOf(key)).files,
      sources: (key) => javaExercise(exerciseOf(key)).sources,
      memberLimitMs: JAVAC_TIMEOUT_MS / 4,
      output: '{artifacts}/classes',
      memberOutput: (member) => `{artifacts}/classes/${member}`,
    }),
    [install.interpreter, ...PYTHON_FLAGS],
    install.version,
  );
  javaBatches.prepare([...byKey.keys()], availableParallelism());
}

export const exercismJava = defineProcessRuntime({
  language: 'exercism-java',
  ...versionOf(JAVAC, `'${JAVAC}' -version`),
  debianPackages: 'openjdk-17-jdk-headless junit5 libassertj-core-java',
  mounts: [JAVA_ETC],
  canaries: exercismCanaries(import.meta.url),
  planFiles(exercise, limits, version): ExecPlan {
    const { files, sources } = javaExercise(exercise);
    const tests = Object.keys(files)
      .filter((f) => f.startsWith('src/test/java/') && f.endsWith('Test.java'))
      .map((f) => f.slice('src/test/java/'.length, -'.java'.length).replaceAll('/', '.'));
    const argv = [
      JAVAC,
      ...JVM_FLAGS.map((flag) => `-J${flag}`),
      '-J-Xmx512m',
      ...JAVAC_OPTIONS,
      '-d',
      'classes',
      ...sources,
    ];
    const run = {
      argv: jvmArgv(limits, ['{artifacts}/classes', ...JAVA_CLASSPATH], 'PasskJUnit', {
        args: tests,
        flags: JUNIT_FLAGS,
      }),
      limits: {
        memoryBytes: Math.max(limits.memoryBytes, 2 * 2 ** 30),
        // bank-account's test runs many threads at once
        maxProcesses: Math.max(limits.maxProcesses, 1100),
      },
    };
    const batch = javaBatches?.step(
      filesText(exercise),
      compileLimits(limits, 2 * JAVAC_TIMEOUT_MS),
      run,
    );
    const compileMs = JAVAC_TIMEOUT_MS;
    return compiledPlan({
      files,
      argv,
      version,
      limits,
      compileMs,
      outputs: ['classes'],
      run,
      batch,
    });
  },
  diagnose: diagnoseWith(/MethodSource|tests failed|Failures \(/),
  prepareFilesBatch: prepareJavaBatch,
});
