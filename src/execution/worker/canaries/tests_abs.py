import math  # noqa: F401 - the header HumanEval's tests have, whether they use it or not


def check(candidate):
    assert abs(candidate(1, 1) - 2) < 1e-9
    assert abs(candidate(2, 2) - 4) < 1e-9


check(add)  # noqa: F821 - add is the program's, which these tests are appended to
