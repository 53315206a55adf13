public class Canary {
  public static int value() {
    return 1;
  }
}
