// passk's launcher for an Exercism Java exercise (exercism.ts): runs the exercise's test classes
// (its arguments) with the JUnit Platform launcher and writes the end event only when every test
// found succeeded.
// This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
// Placeholders:
//   {{TAKE_NONCE}}  a Java expression reading the nonce from its pipe (nonce-channel.ts)
//   {{END_EVENT}}   the end event's format, a Java string literal (process-runtime.ts END_EVENT)
//   {{RESULT_FD}} the result channel's fd (worker/protocol.ts RESULT_FD)

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.PrintWriter;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

public final class PasskJUnit {
  public static void main(String[] args) throws Exception {
    String nonce = {{TAKE_NONCE}};
    LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
    for (String name : args) request.selectors(selectClass(name));
    Launcher launcher = LauncherFactory.create();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    launcher.execute(request.build(), listener);
    TestExecutionSummary summary = listener.getSummary();
    PrintWriter err = new PrintWriter(System.err, true);
    summary.printFailuresTo(err, 15);
    summary.printTo(err);
    err.flush();
    boolean ok = !nonce.isEmpty() && summary.getTestsFoundCount() > 0
        && summary.getTestsSucceededCount() == summary.getTestsFoundCount();
    if (ok) {
      try (java.io.FileOutputStream out = new java.io.FileOutputStream("/proc/self/fd/{{RESULT_FD}}")) {
        out.write(String.format({{END_EVENT}}, nonce).getBytes());
      }
    }
    System.exit(ok ? 0 : 1);
  }
}
