object Main {
  def main(args: Array[String]) = {
    System.exit(0)
    assert(false)
  }
}
