object Main {
  def add(a: Int, b: Int): Int = a - b
  def main(args: Array[String]) = {
    assert(add(1, 1) == 2)
  }
}
