// The launcher C# programs are compiled with (see launcher() in csharp.ts): Debug.Assert that
// throws, PasskAssert for marked tests, and the end event after the tests' Main returns.
// Placeholders: {{NONCE_FD}}, {{MAIN_CLASS}}, {{RESULT_FD}}, {{END_EVENT}} (a C# string literal
// with one %s for the nonce).

using System.Diagnostics;
public sealed class PasskAssertionFailed : System.Exception {
  public PasskAssertionFailed(string message) : base(message) {}
}
sealed class PasskAssertListener : TraceListener {
  public override void Write(string message) {}
  public override void WriteLine(string message) {}
  public override void Fail(string message) { throw new PasskAssertionFailed(message ?? "Debug.Assert failed"); }
  public override void Fail(string message, string detail) { throw new PasskAssertionFailed(message ?? "Debug.Assert failed"); }
}
public static class PasskAssert {
  public static void That(bool condition) { if (!condition) throw new PasskAssertionFailed("Debug.Assert failed"); }
  public static void That(bool condition, string message) { if (!condition) throw new PasskAssertionFailed(message ?? "Debug.Assert failed"); }
}
public static class PasskLauncher {
  public static void Main(string[] args) {
    string nonce = System.IO.File.ReadAllText("/proc/self/fd/{{NONCE_FD}}");
    Debug.Listeners.Clear();
    Debug.Listeners.Add(new PasskAssertListener());
    {{MAIN_CLASS}}.Main(new string[0]);
    System.Console.Out.Flush();
    using (var end = new System.IO.FileStream("/proc/self/fd/{{RESULT_FD}}", System.IO.FileMode.Open, System.IO.FileAccess.Write)) {
      var bytes = System.Text.Encoding.UTF8.GetBytes({{END_EVENT}}.Replace("%s", nonce));
      if (nonce.Length > 0) end.Write(bytes, 0, bytes.Length);
    }
  }
}
