public class Canary {
  public static int value() {
    System.exit(0);
    return 2;
  }
}
