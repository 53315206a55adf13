using System.Diagnostics;
class Problem {
  static long Add(long a, long b) { return a - b; }
  public static void Main(string[] args) {
    Debug.Assert(Add(1, 1) == 2);
  }
}
