class Main {
  static int add(int a, int b) { return a - b; }
  public static void main(String[] args) {
    assert add(1, 1) == 2;
  }
}
