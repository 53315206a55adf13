public class Canary {
  public static int value() {
    try { Thread.sleep({{MILLISECONDS}}L); } catch (InterruptedException e) { }
    return 2;
  }
}
