require 'test/unit'
class T < Test::Unit::TestCase
  def test_exit
    exit 0
  end
  def test_no
    assert_equal(1, 2)
  end
end
