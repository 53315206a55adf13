class Main {
  public static void main(String[] args) throws Exception {
    Thread.sleep({{MILLISECONDS}});
  }
}
