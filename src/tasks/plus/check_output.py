# passk's EvalPlus harness, in-process mode: EvalPlus's check_output (see python-rules.ts, which
# reads this file). No placeholders. It follows literal.py and suite_config.py in the program;
# the imports below tell the linters so (passk leaves this header out).
from literal import _passk_math
from suite_config import _PASSK_DATASET, _PASSK_ENTRY, _PASSK_NOT_NONE, _PASSK_SET_EQ
# pyright infers types the dynamic values here do not keep; the text stays as it ran:
# pyright: reportCallIssue=false, reportArgumentType=false
# --- passk: the program text starts on the next line ---

import numbers as _passk_numbers


def _passk_is_floats(x):
    if isinstance(x, float):
        return True
    if isinstance(x, (list, tuple)) and x:
        return all(isinstance(i, float) for i in x)
    return False


def _passk_isclose(a, b, rtol, atol):
    for v in (a, b):
        if isinstance(v, (str, bytes)) or not isinstance(v, _passk_numbers.Number):
            raise TypeError("numpy cannot subtract %s" % type(v).__name__)
    a, b = complex(a), complex(b)
    finite = all(_passk_math.isfinite(p) for p in (a.real, a.imag, b.real, b.imag))
    if not finite:
        return a == b
    return abs(a - b) <= atol + rtol * abs(b)


def _passk_allclose(out, exp, rtol, atol):
    seq = (list, tuple)
    if isinstance(out, seq) or isinstance(exp, seq):
        if not isinstance(out, seq):
            return all(_passk_allclose(out, y, rtol, atol) for y in exp)
        if not isinstance(exp, seq):
            return all(_passk_allclose(x, exp, rtol, atol) for x in out)
        if len(out) != len(exp):
            raise ValueError("shapes differ")
        return all(_passk_allclose(x, y, rtol, atol) for x, y in zip(out, exp))
    return _passk_isclose(out, exp, rtol, atol)


def _passk_surface_area(base_edge, height):
    slant = _passk_math.sqrt((base_edge / 2) ** 2 + height**2)
    return round(base_edge**2 + 4 * (base_edge * slant) / 2)


def _passk_digit_distance(num1, num2):
    a, b = str(num1), str(num2)
    width = max(len(a), len(b))
    a, b = a.zfill(width), b.zfill(width)
    return sum(abs(int(x) - int(y)) for x, y in zip(a, b))


def _passk_poly(xs, x):
    return sum([coeff * _passk_math.pow(x, i) for i, coeff in enumerate(xs)])


def _passk_atol_after(exp, atol):
    # EvalPlus's float rule assigns its loop's own atol: once an expected output is a float, the
    # later inputs of the suite keep the tolerance (find_zero returns before the rule).
    if _PASSK_DATASET == "humaneval" and _PASSK_ENTRY == "find_zero":
        return atol
    return 1e-6 if atol == 0 and _passk_is_floats(exp) else atol


def _passk_check_output(args, out, exp, atol):
    exact = out == exp
    if _PASSK_DATASET == "mbpp":
        if _PASSK_ENTRY == "are_equivalent":
            exact = True
        elif _PASSK_ENTRY == "sum_div":
            exact = exact or out == 0
        elif _PASSK_ENTRY == "surface_Area":
            exact = exact or abs(out - _passk_surface_area(*args)) <= atol
        elif _PASSK_ENTRY == "digit_distance_nums":
            exact = exact or out == _passk_digit_distance(*args)
        elif _PASSK_ENTRY in _PASSK_SET_EQ:
            exact = set(out) == set(exp)
        elif _PASSK_ENTRY in _PASSK_NOT_NONE:
            exact = out == exp if isinstance(out, bool) else exp == (out is not None)
    if _PASSK_DATASET == "humaneval" and _PASSK_ENTRY == "find_zero":
        return abs(_passk_poly(*args, out)) <= atol
    atol = _passk_atol_after(exp, atol)
    if not exact and atol != 0:
        if type(out) is not type(exp):
            return False
        if isinstance(exp, (list, tuple)) and len(out) != len(exp):
            return False
        return _passk_allclose(out, exp, 1e-07, atol)
    return bool(exact)
