# passk's EvalPlus harness: the value encoding that carries outputs out of the sandbox (see
# python-encode.ts, which reads this file and documents the encoding). No placeholders.
# _passk_enc_math is unused; it stays so that the programs (and their cache keys) are unchanged:
# ruff: noqa: F401
# pyright infers types the dynamic values here do not keep; the text stays as it ran:
# pyright: reportArgumentType=false
# --- passk: the program text starts on the next line ---

import collections as _passk_enc_collections
import math as _passk_enc_math
import numbers as _passk_enc_numbers

_PASSK_ENC_DEPTH = 100
_PASSK_SAFE_INT = 2 ** 53


class _PasskTooBig(Exception):
    pass


def _passk_enc_float(v):
    if v != v:
        return {"f": "nan"}
    if v in (float("inf"), float("-inf")):
        return {"f": "inf" if v > 0 else "-inf"}
    return {"f": v}


def _passk_enc_int(v, room):
    room[0] -= v.bit_length() // 4
    if -_PASSK_SAFE_INT < v < _PASSK_SAFE_INT:
        return v
    return {"i": format(v, "x")}


def _passk_enc_str(v, room):
    room[0] -= len(v)
    try:
        v.encode("utf-8")
        return v
    except UnicodeEncodeError:
        return {"u": [ord(ch) for ch in v]}


def _passk_enc_items(items, room, depth):
    return [_passk_enc(item, room, depth + 1) for item in items]


def _passk_enc_pairs(v, room, depth):
    return [[_passk_enc(k, room, depth + 1), _passk_enc(x, room, depth + 1)] for k, x in dict.items(v)]


def _passk_enc(v, room, depth=0):
    room[0] -= 2
    if room[0] < 0 or depth > _PASSK_ENC_DEPTH:
        raise _PasskTooBig()
    if v is None or v is True or v is False:
        return v
    if isinstance(v, int):
        return _passk_enc_int(int.__index__(v), room)
    if isinstance(v, float):
        return _passk_enc_float(float.__float__(v))
    if isinstance(v, str):
        return _passk_enc_str(str.__str__(v), room)
    if isinstance(v, complex):
        return {"c": [_passk_enc_float(v.real), _passk_enc_float(v.imag)]}
    if isinstance(v, (bytes, bytearray)):
        room[0] -= 2 * len(v)
        return {"b": bytes(v).hex()}
    if isinstance(v, list):
        return _passk_enc_items(list.__iter__(v), room, depth)
    if isinstance(v, tuple):
        return {"t": _passk_enc_items(tuple.__iter__(v), room, depth)}
    if isinstance(v, (set, frozenset)):
        return {"s": _passk_enc_items((set.__iter__ if isinstance(v, set) else frozenset.__iter__)(v), room, depth)}
    if isinstance(v, _passk_enc_collections.Counter):
        return {"C": _passk_enc_pairs(v, room, depth)}
    if isinstance(v, _passk_enc_collections.OrderedDict):
        return {"O": _passk_enc_pairs(v, room, depth)}
    if isinstance(v, dict):
        return {"d": _passk_enc_pairs(v, room, depth)}
    # Numbers from other libraries (numpy scalars register with the numbers ABCs).
    if isinstance(v, _passk_enc_numbers.Integral):
        return _passk_enc_int(int(v), room)
    if isinstance(v, _passk_enc_numbers.Real):
        return _passk_enc_float(float(v))
    if isinstance(v, _passk_enc_numbers.Complex):
        c = complex(v)
        return {"c": [_passk_enc_float(c.real), _passk_enc_float(c.imag)]}
    return {"o": type(v).__name__[:60]}
