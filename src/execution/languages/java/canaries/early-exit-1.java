class Main {
  public static void main(String[] args) {
    System.exit(0);
  }
  static { }
}
