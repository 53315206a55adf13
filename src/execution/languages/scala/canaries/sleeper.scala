object Main {
  def main(args: Array[String]) = {
    Thread.sleep({{MILLISECONDS}})
  }
}
