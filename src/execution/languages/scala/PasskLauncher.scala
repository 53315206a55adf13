// Runs the tests' main object, then writes the end event (scala.ts). Placeholders: {{TAKE_NONCE}}
// (an expression reading the nonce, nonce-channel.ts), {{MAIN_OBJECT}}, {{RESULT_FD}}, {{END_EVENT}}
// (a Java string literal with one %s for the nonce).

object PasskLauncher {
  def main(args: Array[String]): Unit = {
    val nonce = {{TAKE_NONCE}}
    {{MAIN_OBJECT}}.main(Array[String]())
    Console.out.flush()
    System.out.flush()
    if (nonce.isEmpty) return
    val out = new java.io.FileOutputStream("/proc/self/fd/{{RESULT_FD}}")
    try out.write(String.format({{END_EVENT}}, nonce).getBytes()) finally out.close()
  }
}
