/**
 * Python helpers shared by the oracle script and every plus test program, so that both sides
 * write values, and digest big ones, with the very same code:
 *
 * - `_passk_literal(value, canonical)`: Python source that evaluates back to an equal value of
 *   the same type (NaN and ±inf as `float(...)`, huge ints in hex, which the int/str digit limit
 *   of Python 3.11+ does not cover; Counter / OrderedDict by name). With `canonical`, set and
 *   dict entries are sorted, so equal values give equal text whatever their iteration order.
 * - `_passk_digest(value)`: sha256 of the canonical literal. Big expected outputs travel as this
 *   digest instead of a literal (see BIG_OUTPUT_CHARS in the oracle script): some HumanEval+
 *   outputs are megabytes, and a program with 100 MB of literals takes minutes and gigabytes
 *   just to compile.
 *
 * Names carry a `_passk_` prefix: the test code follows the candidate in one module, and a
 * candidate's own helper called `literal` must keep working.
 */
export const LITERAL_PY = `
import collections as _passk_collections
import hashlib as _passk_hashlib
import math as _passk_math

_PASSK_MAX_DEPTH = 80  # well under CPython's parser nesting limit (200)


def _passk_literal(value, canonical=False, depth=0):
    if depth > _PASSK_MAX_DEPTH:
        raise ValueError("nested too deeply to write as a literal")
    kind = type(value)
    if kind is int and value.bit_length() > 13000:
        return hex(value)
    if value is None or kind in (bool, int, str, bytes):
        return repr(value)
    if kind is float:
        if _passk_math.isnan(value):
            return "float('nan')"
        if _passk_math.isinf(value):
            return "float('inf')" if value > 0 else "float('-inf')"
        return repr(value)
    if kind is complex:
        return "complex(%s, %s)" % (_passk_literal(value.real), _passk_literal(value.imag))
    parts = [_passk_literal(item, canonical, depth + 1) for item in value] if kind in (list, tuple, set, frozenset) else None
    if kind is list:
        return "[" + ", ".join(parts) + "]"
    if kind is tuple:
        return "(" + "".join(part + ", " for part in parts) + ")"
    if kind in (set, frozenset):
        return "%s([%s])" % (kind.__name__, ", ".join(sorted(parts) if canonical else parts))
    if kind in (_passk_collections.Counter, _passk_collections.OrderedDict):
        inner = _passk_literal(dict(value), canonical and kind is not _passk_collections.OrderedDict, depth + 1)
        return "__import__('collections').%s(%s)" % (kind.__name__, inner)
    if kind is dict:
        pairs = ["%s: %s" % (_passk_literal(k, canonical, depth + 1), _passk_literal(v, canonical, depth + 1)) for k, v in value.items()]
        return "{" + ", ".join(sorted(pairs) if canonical else pairs) + "}"
    raise TypeError("cannot write a %s as a literal" % kind.__name__)


def _passk_digest(value):
    text = _passk_literal(value, True)
    return _passk_hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
`;
