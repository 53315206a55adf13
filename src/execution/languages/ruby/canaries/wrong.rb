class AssertionError < StandardError; end
def add(a, b) = a - b
raise AssertionError unless add(1, 1) == 2
