import math


def check(candidate):
    assert abs(candidate(1, 1) - 2) < 1e-9
    assert abs(candidate(2, 2) - 4) < 1e-9


check(add)
