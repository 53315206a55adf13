import { join } from 'node:path';
import type { ExecStep } from '../../worker/protocol.js';
import type { BatchLanguage } from './batch.js';
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
export const BATCH_COMPILER = `import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.tools.ToolProvider;

/** passk's batch compiler (src/execution/languages/java/java-batch.ts). */
public final class PasskBatchCompiler {
  public static void main(String[] args) throws Exception {
    String mode = args[0];
    long limitMs = Long.parseLong(args[1]);
    String[] options = Arrays.copyOfRange(args, 2, args.length);
    // scalac's -usejavacp reads the class path the compiler JVM started with alone.
    String classpath = System.getProperty("passk.classpath");
    if (classpath != null) System.setProperty("java.class.path", classpath);
    Files.createDirectories(Path.of("classes"));
    // The compile's own CPU (javac and scalac compile in the calling thread), not the wall clock,
    // which a loaded machine stretches.
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    List<String> failed = new ArrayList<>();
    int done = 0;
    // Members that failed here without their error kept: each compiles alone again.
    int again = 0;
    for (String member : Files.readAllLines(Path.of("members.txt"))) {
      if (member.isBlank()) continue;
      // Most members so far failed in a way that compiles them alone again (they threw, took too
      // long): the rest compile alone at once, as they would after failing here. A plain compile
      // error, kept, costs nothing more.
      if (again >= 4 && again * 2 > done) {
        failed.add(member);
        continue;
      }
      done++;
      List<String> argv = new ArrayList<>(Arrays.asList(options));
      argv.add("-d");
      argv.add(mode.equals("javac") ? "classes/" + member : "classes/" + member + ".jar");
      for (String source : Files.readAllLines(Path.of(member, "sources"))) {
        if (!source.isBlank()) argv.add(member + "/" + source);
      }
      long started = threads.getCurrentThreadCpuTime();
      ByteArrayOutputStream printed = new ByteArrayOutputStream();
      int status;
      try {
        status = mode.equals("javac") ? javac(argv, printed) : scalac(argv, printed);
      } catch (Throwable error) {
        status = -1;
      }
      boolean slow = (threads.getCurrentThreadCpuTime() - started) / 1_000_000 > limitMs;
      if (status != 0 || slow) {
        failed.add(member);
        if (status == 1 && !slow && ownNames(member)) keepError(member, printed);
        else again++;
      }
    }
    Files.write(Path.of("failed"), failed);
  }

  /** Whether the member's sources never spell "passk_m" (so every one printed is its folder's). */
  private static boolean ownNames(String member) throws Exception {
    for (String source : Files.readAllLines(Path.of(member, "sources"))) {
      if (source.isBlank()) continue;
      String text = new String(Files.readAllBytes(Path.of(member, source)), StandardCharsets.ISO_8859_1);
      if (text.contains("passk_m")) return false;
    }
    return true;
  }

  /** The compile error as the compiler prints it alone, where the file names have no folder. */
  private static void keepError(String member, ByteArrayOutputStream printed) throws Exception {
    // ISO-8859-1 maps bytes to chars one to one: the output's own bytes are kept as they are.
    String text = printed.toString(StandardCharsets.ISO_8859_1).replace(member + "/", "");
    byte[] bytes = ("1\\n" + text).getBytes(StandardCharsets.ISO_8859_1);
    Files.write(Path.of("classes", member + ".error"), bytes);
  }

  private static int javac(List<String> argv, OutputStream printed) {
    // javac prints its diagnostics on the error stream, which is all a compile step keeps.
    return ToolProvider.getSystemJavaCompiler()
        .run(null, OutputStream.nullOutputStream(), printed, argv.toArray(new String[0]));
  }

  /**
   * scala.tools.nsc.Main as scalac runs it (a fresh Settings, reporter and Global per call); 1 when
   * it reported errors, as scalac exits then. Its reporter writes to scala.Console's error stream,
   * set here (and System.err, as a compile step keeps both) to printed.
   */
  private static int scalac(List<String> argv, OutputStream printed) throws Exception {
    Class<?> main = Class.forName("scala.tools.nsc.Main");
    Class<?> consoleClass = Class.forName("scala.Console$");
    Object console = consoleClass.getField("MODULE$").get(null);
    Method setErr = consoleClass.getMethod("setErrDirect", PrintStream.class);
    PrintStream err = System.err;
    PrintStream into = new PrintStream(printed, true);
    System.setErr(into);
    setErr.invoke(console, into);
    try {
      main.getMethod("process", String[].class).invoke(null, (Object) argv.toArray(new String[0]));
    } finally {
      into.flush();
      setErr.invoke(console, err);
      System.setErr(err);
    }
    Object reporter = main.getMethod("reporter").invoke(null);
    Method errors = reporter.getClass().getMethod("hasErrors");
    return (Boolean) errors.invoke(reporter) ? 1 : 0;
  }
}
`;

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
