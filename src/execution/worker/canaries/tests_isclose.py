import math


def check(candidate):
    assert math.isclose(candidate(1, 1), 2)
    assert math.isclose(candidate(2, 2), 4)


check(add)
