import static org.assertj.core.api.Assertions.assertThat;
import org.junit.jupiter.api.Test;

public class CanaryTest {
  @Test
  public void two() {
    assertThat(Canary.value()).isEqualTo(2);
  }
}
