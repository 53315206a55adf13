import math  # noqa: F401 - the header HumanEval's tests have, whether they use it or not


def check(candidate):
    assert math.isclose(candidate(1, 1), 2)
    assert math.isclose(candidate(2, 2), 4)


check(add)  # noqa: F821 - add is the program's, which these tests are appended to
