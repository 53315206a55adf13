import math


def check(candidate):
    assert candidate(1, 1) == 2
    assert candidate(2, 2) == 4


check(add)
