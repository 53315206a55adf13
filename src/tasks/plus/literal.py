# passk's EvalPlus harness: writing values as Python source, and digesting big ones (see
# python-literal.ts, which reads this file). No placeholders.
# pyright infers types the dynamic values here do not keep; the text stays as it ran:
# pyright: reportCallIssue=false, reportArgumentType=false, reportOptionalIterable=false
# --- passk: the program text starts on the next line ---

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
