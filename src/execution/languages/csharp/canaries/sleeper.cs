class Problem {
  public static void Main(string[] args) {
    System.Threading.Thread.Sleep({{MILLISECONDS}});
  }
}
