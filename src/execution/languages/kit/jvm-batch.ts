import { join } from 'node:path';
import type { ExecStep } from '../../worker/protocol.js';
import type { BatchLanguage } from './batch.js';
import { harnessFile } from './harness-template.js';
import { buildInto, supportHash } from './toolchain-support.js';

/**
 * JVM batch compilation (Java, Scala): ONE compiler JVM per batch compiles each member in turn,
 * alone, with the argv it gets alone, into a folder of its own (`classes/passk_mN`). What is
 * shared is the JVM's start and the compiler's classes, loaded and warmed once instead of once per
 * program; nothing of one member's source is seen by another's compile (each is its own javac or
 * scalac invocation, with a fresh compiler context, its own output folder, and no annotation
 * processors or plugins: no member code runs in the compiler JVM). Unlike the Rust and Go batches
 * no source is rewritten, so class names, stack traces and reflection are those of the program
 * compiled alone.
 *
 * A member whose compile fails, throws, or takes more CPU time than a quarter of its compile step's
 * own time limit is listed in `failed` and left out of the batch: it compiles alone by its plan's own
 * compile step, which gives its compile error (or compile timeout) exactly as before. Except for
 * the common case, a plain compile error (the compiler returned 1, no exception, in time): the
 * batch keeps what the compiler printed, as it prints it alone (the member's folder taken out of
 * the file names), in `classes/<member>.error` (exit status, newline, output), and the worker
 * gives the program that compile failure instead of starting a compiler JVM again to print the
 * same (exec_worker.py). A member whose sources contain "passk_m" (which the folder's name could
 * not be told apart from) compiles alone as before.
 */
export const BATCH_COMPILER = harnessFile(import.meta.url, 'PasskBatchCompiler.java');

/**
 * Builds the batch compiler (trusted code, on the host) into the artifact cache's java-support/
 * folder; resolves its folder as the sandbox sees it (`{cache}/…`), or undefined when it did not
 * build (programs then compile alone, as without batches).
 */
export async function ensureBatchCompiler(
  artifactsDir: string,
  javac: string,
  version: string,
): Promise<string | undefined> {
  const name = `java-support/batch-${supportHash(version, BATCH_COMPILER)}`;
  const built = await buildInto(
    join(artifactsDir, name),
    { 'PasskBatchCompiler.java': BATCH_COMPILER },
    [
      javac,
      '-J-XX:+UseSerialGC',
      '-J-XX:TieredStopAtLevel=1',
      '-d',
      '{dir}',
      '{dir}/PasskBatchCompiler.java',
    ],
  );
  return built ? `{cache}/${name}` : undefined;
}

export interface JvmBatchOptions {
  /** 'javac' or 'scalac': which compiler the batch compiler calls. */
  mode: 'javac' | 'scalac';
  /** The JVM start of the batch compiler: java, its flags and classpath, up to the main class. */
  jvm: string[];
  /** The compiler's options as the program's compile step passes them, without `-d` and sources. */
  options: string[];
  /** The program's files (sources in compile order first), as its plan writes them. */
  files(source: string): Record<string, string>;
  /** Which of `files` are the compiler's sources, in the order the compile step names them. */
  sources(source: string): string[];
  /** A member longer to compile than this (ms, warm) compiles alone instead. */
  memberLimitMs: number;
  /** The run step's compiled-output path (`{artifacts}/classes`), and the member's in the batch. */
  output: string;
  memberOutput(member: string): string;
}

/** A JVM language's batch: every member in its own folder, compiled alone by one JVM. */
export function jvmBatch(options: JvmBatchOptions): BatchLanguage {
  return {
    // Every program: nothing of one member reaches another's compile (see above).
    eligible: () => true,
    memberFiles(source, member) {
      const files: Record<string, string> = {};
      for (const [name, text] of Object.entries(options.files(source))) {
        files[`${member}/${name}`] = text;
      }
      files[`${member}/sources`] = `${options.sources(source).join('\n')}\n`;
      return files;
    },
    mainFile: 'members.txt',
    main: '{items}',
    item: '{m}\n',
    arm: '',
    argv: [
      ...options.jvm,
      'PasskBatchCompiler',
      options.mode,
      String(options.memberLimitMs),
      ...options.options,
    ],
    output: 'classes',
    // The batch compiler blames no one: it lists the members it left out in `failed`.
    blame: '(?!)(passk_m\\d+)',
    partial: true,
    // Each member compiles apart and only the JVM's start is shared: two programs already
    // save one compiler JVM (~1 s of CPU for javac, ~2 s for scalac).
    minPrograms: 2,
    memberRun: (run: ExecStep, member: string) => ({
      ...run,
      argv: run.argv.map((arg) => arg.replace(options.output, options.memberOutput(member))),
    }),
  };
}
