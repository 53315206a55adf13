// Runs the tests' main class, then writes the end event (java.ts). Placeholders: {{TAKE_NONCE}}
// (an expression reading the nonce, nonce-channel.ts), {{MAIN_CLASS}}, {{RESULT_FD}}, {{END_EVENT}}
// (a Java string literal with one %s for the nonce).

public final class PasskLauncher {
  public static void main(String[] args) throws Throwable {
    String nonce = {{TAKE_NONCE}};
    {{MAIN_CLASS}}.main(new String[0]);
    System.out.flush();
    if (nonce.isEmpty()) return;
    try (java.io.FileOutputStream out = new java.io.FileOutputStream("/proc/self/fd/{{RESULT_FD}}")) {
      out.write(String.format({{END_EVENT}}, nonce).getBytes());
    }
  }
}
