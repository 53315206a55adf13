"""Plain values between the function server (the candidate's process) and the judge process.

A value crosses as JSON: None, bools, small ints, finite floats, str and lists as themselves,
everything else as a one-key object whose key says the type (so a dict never passes for a tag):
  {"x": hex}  a big int           {"fl": "nan"|"inf"|"-inf"}  a non-finite float
  {"t": [..]} tuple               {"d": [[k, v], ..]}         dict (in order)
  {"s": [..]} set                 {"fs": [..]}                frozenset
  {"b": hex}  bytes               {"ba": hex}                 bytearray
  {"c": [re, im]} complex         {"h": id, "r": type name}   an opaque value (a handle)
  {"g": name} a global of the candidate's module (judge -> server only)
An instance of a subclass of a builtin type crosses as its builtin value, read through the builtin
type's own methods (so an int subclass whose __eq__ says True is just its int). Anything else is a
handle: the object stays in the server, the judge holds a proxy that equals nothing but itself.
Decoding is strict: anything but the shapes above raises BadValue. Never pickle or marshal.
"""

import math
from typing import Any

SMALL_INT = 1 << 53  # beyond this, JavaScript readers of the JSON would lose digits: hex
_BUILTIN_SCALARS = (type(None), bool, str)
_CONTAINER_TAGS = {tuple: "t", set: "s", frozenset: "fs"}


class BadValue(Exception):
    """A message that is not an encoded value: the other side broke the protocol."""


class Unencodable(Exception):
    """The judge cannot send this value (e.g. a function the tests defined) to the server."""


def _plain_float(value):
    if math.isfinite(value):
        return value
    return {"fl": "nan" if value != value else ("inf" if value > 0 else "-inf")}


class Encoder:
    """Turns values into JSON-ready data. `handle(obj)` returns the JSON for an object that has
    no plain form (the server registers it; the judge refers to the server's own objects)."""

    def __init__(self, handle):
        self.handle = handle
        self.active = set()  # ids of the containers being encoded: a cycle becomes a handle

    def encode(self, value):
        kind = type(value)
        if kind in _BUILTIN_SCALARS:
            return value
        if kind is int:
            return value if -SMALL_INT < value < SMALL_INT else {"x": hex(value)}
        if kind is float:
            return _plain_float(value)
        if kind in (list, tuple, dict, set, frozenset):
            return self._container(value, kind)
        if kind is bytes:
            return {"b": value.hex()}
        if kind is bytearray:
            return {"ba": value.hex()}
        if kind is complex:
            return {"c": [_plain_float(value.real), _plain_float(value.imag)]}
        return self._subclass(value)

    def _container(self, value, kind):
        key = id(value)
        if key in self.active:
            raise Unencodable("a value that contains itself")
        self.active.add(key)
        try:
            if kind is dict:
                return {"d": [[self.encode(k), self.encode(v)] for k, v in dict.items(value)]}
            items = [self.encode(item) for item in value]
        finally:
            self.active.discard(key)
        if kind is list:
            return items
        return {_CONTAINER_TAGS[kind]: items}

    def _subclass(self, value):
        """A builtin subclass instance as its builtin value, read by the builtin's own methods."""
        for base, plain in _SUBCLASS_READERS:
            if isinstance(value, base):
                return self.encode(plain(value))  # pyright: ignore[reportArgumentType] - plain matches base
        return self.handle(value)


_SUBCLASS_READERS = (
    (bool, bool.__bool__),
    (int, int.__int__),
    (float, float.__float__),
    (str, str.__str__),
    (complex, lambda v: complex(complex.real.__get__(v), complex.imag.__get__(v))),
    (bytes, lambda v: bytes.__getitem__(v, slice(None))),
    (bytearray, lambda v: bytearray(bytearray.__getitem__(v, slice(None)))),
    (list, lambda v: list.__getitem__(v, slice(None))),
    (tuple, lambda v: tuple.__getitem__(v, slice(None))),
    (dict, lambda v: dict(dict.items(v))),
    (frozenset, frozenset.copy),
    (set, set.copy),
)


class Decoder:
    """Strict decoding of encoded data. `handle(data)` makes the value of a {"h"} (the judge: a
    proxy; the server: its own object), `global_(name)` the value of a {"g"} (server only)."""

    def __init__(self, handle, global_=None):
        self.handle, self.global_ = handle, global_

    def decode(self, data) -> Any:  # any value the other side encoded
        kind = type(data)
        if data is None or kind is bool or kind is str:
            return data
        if kind is int:
            if not -SMALL_INT < data < SMALL_INT:
                raise BadValue("an int out of range")
            return data
        if kind is float:
            return data
        if kind is list:
            return [self.decode(item) for item in data]
        if kind is not dict or len(data) == 0:
            raise BadValue("not an encoded value: %s" % kind.__name__)
        if "h" in data:
            return self._handle(data)
        if len(data) != 1:
            raise BadValue("an object with several tags")
        (tag, body), = data.items()
        reader = _TAGS.get(tag)
        if reader is None:
            raise BadValue("unknown tag %r" % tag[:20])
        return reader(self, body)

    def _handle(self, data):
        if set(data) - {"h", "r"} or type(data["h"]) is not int or type(data.get("r", "")) is not str:
            raise BadValue("a malformed handle")
        return self.handle(data)

    def items(self, body):
        if type(body) is not list:
            raise BadValue("a malformed collection")
        return [self.decode(item) for item in body]


def _hex_int(_decoder, body):
    if type(body) is not str or len(body) > (1 << 22):
        raise BadValue("a malformed big int")
    try:
        return int(body, 16)
    except ValueError:
        raise BadValue("a malformed big int") from None


def _special_float(_decoder, body):
    value = {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}.get(body) if type(body) is str else None
    if value is None:
        raise BadValue("a malformed float")
    return value


def _hex_bytes(kind):
    def read(_decoder, body):
        if type(body) is not str:
            raise BadValue("malformed bytes")
        try:
            return kind(bytes.fromhex(body))
        except ValueError:
            raise BadValue("malformed bytes") from None

    return read


def _number(decoder, data):
    value = decoder.decode(data)
    if type(value) is not float and type(value) is not int:
        raise BadValue("a malformed complex")
    return float(value)


def _complex(decoder, body):
    if type(body) is not list or len(body) != 2:
        raise BadValue("a malformed complex")
    return complex(_number(decoder, body[0]), _number(decoder, body[1]))


def _dict(decoder, body):
    if type(body) is not list:
        raise BadValue("a malformed dict")
    out = {}
    for pair in body:
        if type(pair) is not list or len(pair) != 2:
            raise BadValue("a malformed dict entry")
        try:
            out[decoder.decode(pair[0])] = decoder.decode(pair[1])
        except TypeError:
            raise BadValue("an unhashable dict key") from None
    return out


def _hashed(kind):
    def read(decoder, body):
        try:
            return kind(decoder.items(body))
        except TypeError:
            raise BadValue("an unhashable set member") from None

    return read


def _global(decoder, body):
    if decoder.global_ is None or type(body) is not str:
        raise BadValue("a global where none is allowed")
    return decoder.global_(body)


_TAGS = {
    "x": _hex_int,
    "fl": _special_float,
    "t": lambda decoder, body: tuple(decoder.items(body)),
    "d": _dict,
    "s": _hashed(set),
    "fs": _hashed(frozenset),
    "b": _hex_bytes(bytes),
    "ba": _hex_bytes(bytearray),
    "c": _complex,
    "g": _global,
}
