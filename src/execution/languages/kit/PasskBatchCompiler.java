// passk's batch compiler for Java and Scala (see jvm-batch.ts): trusted code, compiled on the host
// into the artifact cache and run in the sandbox. No placeholders.

import java.io.ByteArrayOutputStream;
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
    byte[] bytes = ("1\n" + text).getBytes(StandardCharsets.ISO_8859_1);
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
