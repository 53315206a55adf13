"""The judge under outside judging: runs the task's test code verbatim, in a fresh namespace, in a
process that holds no candidate code. Every name the tests read that they do not define and that is
not a builtin is the candidate module's global of that name: a function becomes a proxy that sends
the call to the function server, a module the same module imported here, a plain value its decoded
copy. Values come back strictly decoded (values.py); an object with no plain form is an Opaque proxy
that equals nothing but itself (equality, ordering and hashing are decided here, never forwarded).

The verdict goes on VERDICT_FD, a pipe only this process and the worker hold, as JSON lines:
  {"e": "tests"}                       the test source was read off the worker's channel
  {"e": "end"}                         the tests ran to their end
  {"e": "exc", "k", "t", "m"}         they raised (k: assert | memory | other)
  {"e": "top", ...}                    the candidate's module code failed (as the server said)
  {"e": "gone"} / {"e": "exit", "c"}  the server ended / the candidate raised SystemExit
  {"e": "corrupt", "m"}                the server broke the protocol
  {"e": "fallback", "m"}               the tests need the candidate's objects in-process
"""

import builtins
import importlib
import json
import os
import sys

import values


class Broken(BaseException):
    """The server is gone or broke the protocol. A BaseException, and remembered (Link.broken):
    a test's bare `except:` that swallows it does not change the verdict."""


class NeedsInProcess(BaseException):
    """The tests hand the candidate something that cannot cross (e.g. a function they define)."""


class Link:
    """The judge's end of the two pipes to the function server."""

    def __init__(self, request_fd, reply_fd):
        self.request_fd, self.reply_fd = request_fd, reply_fd
        self.pending = b""
        self.broken = None

    def fail(self, event):
        if self.broken is None:
            self.broken = event
        raise Broken(self.broken.get("m", self.broken["e"]))

    def send(self, message):
        if self.broken is not None:
            raise Broken(self.broken["e"])
        data = (json.dumps(message, allow_nan=False) + "\n").encode()
        try:
            view = memoryview(data)
            while len(view):
                view = view[os.write(self.request_fd, view) :]
        except OSError:
            self.fail({"e": "gone"})

    def receive(self):
        """The server's next message (a dict), or Broken."""
        if self.broken is not None:
            raise Broken(self.broken["e"])
        try:
            while b"\n" not in self.pending:
                chunk = os.read(self.reply_fd, 1 << 16)
                if not chunk:
                    self.fail({"e": "gone"})
                self.pending += chunk
            line, self.pending = self.pending.split(b"\n", 1)
            message = json.loads(line)
        except (ValueError, RecursionError, MemoryError, UnicodeDecodeError):
            self.fail({"e": "corrupt", "m": "an unreadable reply"})
        if type(message) is not dict:
            self.fail({"e": "corrupt", "m": "a reply that is not an object"})
        return message

    def ask(self, message):
        self.send(message)
        return self.receive()


class Opaque:
    """A candidate object with no plain form. Forwards only value-producing protocol operations,
    each answer decoded again; equality, ordering and hashing are decided here: it equals only
    itself, orders with nothing, hashes by identity."""

    __slots__ = ("_ref", "_judge", "__weakref__")

    def __init__(self, ref, judge):
        object.__setattr__(self, "_ref", ref)
        object.__setattr__(self, "_judge", judge)

    def __eq__(self, other):
        return self is other

    def __ne__(self, other):
        return self is not other

    __hash__ = object.__hash__

    def _op(self, op, **extra):
        return self._judge.value({"op": op, "o": self._ref, **extra})

    def __call__(self, *args, **kwargs):
        return self._judge.call(self._ref, args, kwargs)

    def __iter__(self):
        return self._op("iter")

    def __next__(self):
        return self._judge.next(self._ref)

    def __len__(self):
        return self._op("len")

    def __bool__(self):
        return self._op("bool")

    def __str__(self):
        return self._op("str")

    def __repr__(self):
        return self._op("repr")

    def __float__(self):
        return self._op("float")

    def __int__(self):
        return self._op("int")

    def __index__(self):
        return self._op("index")

    def __getitem__(self, key):
        return self._op("getitem", k=self._judge.encode(key))

    def __contains__(self, item):
        return self._op("contains", k=self._judge.encode(item))

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return self._op("attr", n=name)

    def __setattr__(self, name, value):
        # Tests that build the candidate's objects (MBPP's trees: `root.left = Node(2)`).
        self._op("setattr", n=str(name), k=self._judge.encode(value))


class CandidateFunction:
    """A callable global of the candidate's module: calls go to the server by name."""

    __slots__ = ("_name", "_judge", "__name__")

    def __init__(self, name, judge):
        self._name, self._judge, self.__name__ = name, judge, name

    def __call__(self, *args, **kwargs):
        return self._judge.call({"g": self._name}, args, kwargs)

    def __repr__(self):
        return "<candidate function %s>" % self._name


class Judge:
    def __init__(self, link):
        self.link = link
        self.proxies = {}  # handle number -> Opaque: the same object is the same proxy
        self.errors = {}  # exception name -> the class made for it
        self.decoder = values.Decoder(self.opaque)
        self.encoder = values.Encoder(self.reference)

    def opaque(self, data):
        number = data["h"]
        proxy = self.proxies.get(number)
        if proxy is None:
            proxy = self.proxies[number] = Opaque({"h": number}, self)
        return proxy

    @staticmethod
    def reference(obj):
        if type(obj) is Opaque:
            return object.__getattribute__(obj, "_ref")
        if type(obj) is CandidateFunction:
            return {"g": obj._name}
        raise NeedsInProcess("the tests pass the candidate a %s" % type(obj).__name__)

    def encode(self, value):
        try:
            return self.encoder.encode(value)
        except values.Unencodable as error:
            raise NeedsInProcess(str(error)) from None

    def decoded(self, reply):
        if "v" not in reply:
            self.raise_from(reply)
        try:
            return self.decoder.decode(reply["v"])
        except values.BadValue as error:
            self.link.fail({"e": "corrupt", "m": str(error)})

    def value(self, request):
        return self.decoded(self.link.ask(request))

    def next(self, ref):
        reply = self.link.ask({"op": "next", "o": ref})
        if reply.get("stop") is True:
            raise StopIteration
        return self.decoded(reply)

    def call(self, ref, args, kwargs):
        sent = [self.encode(arg) for arg in args]
        named = [[name, self.encode(value)] for name, value in kwargs.items()]
        reply = self.link.ask({"op": "call", "f": ref, "a": sent, "k": named})
        result = self.decoded(reply)
        self.write_back(args, reply.get("m"))
        return result

    def write_back(self, args, changed):
        """Puts a call's post-call argument values into the tests' own objects, in place."""
        if changed is None:
            return
        if type(changed) is not list:
            self.link.fail({"e": "corrupt", "m": "malformed argument values"})
        for entry in changed:
            try:
                index, data = entry
                target, after = args[index], self.decoder.decode(data)
            except (TypeError, ValueError, IndexError, values.BadValue):
                self.link.fail({"e": "corrupt", "m": "malformed argument values"})
            _replace_contents(target, after)

    def raise_from(self, reply):
        if "x" in reply:
            raise self.exception(reply["x"])
        if "exit" in reply:
            self.link.fail({"e": "exit", "c": str(reply["exit"])[:200]})
        self.link.fail({"e": "corrupt", "m": "the server said %s" % str(reply.get("bad", "nothing"))[:200]})

    def exception(self, described):
        try:
            name, base, message = (str(part) for part in described)
        except (TypeError, ValueError):
            self.link.fail({"e": "corrupt", "m": "a malformed exception"})
        kind = getattr(builtins, name, None)
        if not (isinstance(kind, type) and issubclass(kind, BaseException)) or kind in _NOT_CROSSING:
            kind = self.errors.get(name)
            if kind is None:
                parent = getattr(builtins, base, None)
                if not (isinstance(parent, type) and issubclass(parent, Exception)):
                    parent = Exception
                kind = self.errors[name] = type(name, (parent,), {})
        return kind(message)


# Never raised here on the candidate's word: they would end or confuse the judge itself.
_NOT_CROSSING = (SystemExit, KeyboardInterrupt, GeneratorExit, Broken, NeedsInProcess, StopIteration)


def _replace_contents(target, after):
    if type(target) is not type(after):
        raise TypeError("the server changed an argument's type")
    if type(target) in (list, bytearray):
        target[:] = after
    elif type(target) in (dict, set):
        target.clear()
        target.update(after)


class TestGlobals(dict):
    """The tests' namespace: a name they read and do not define is resolved once, on first read."""

    def __init__(self, resolve):
        super().__init__(__builtins__=builtins)
        self.resolve = resolve

    def __missing__(self, name):
        value = self.resolve(name)  # KeyError: a builtin or an unknown name, looked up as usual
        self[name] = value
        return value


def _module(name):
    """The module the candidate imported, imported here: only the standard library's or one this
    interpreter has loaded (never a name the candidate chose to make the judge import)."""
    top = name.split(".")[0]
    if name in sys.modules or top in getattr(sys, "stdlib_module_names", ()):
        return importlib.import_module(name)
    raise NeedsInProcess("the tests read the candidate's module %s" % name[:80])


def resolver(judge, kinds, entry_points):
    """Builtins win over the candidate's globals (a candidate's own `abs` or `isinstance` must not
    stand in for the one the tests use), except for the functions under test (MBPP/126 tests a
    function named `sum`)."""

    def resolve(name):
        if name not in kinds or (hasattr(builtins, name) and name not in entry_points):
            raise KeyError(name)
        kind = kinds[name]
        if kind[0] == "f":
            return CandidateFunction(name, judge)
        if kind[0] == "m":
            return _module(str(kind[1]))
        return judge.value({"op": "get", "o": {"g": name}})

    return resolve


def _text(value, limit=300):
    try:
        text = str(value)
    except BaseException:  # noqa: BLE001
        text = "<unprintable>"
    return " ".join(text.split())[:limit]


class Verdict:
    def __init__(self, fd):
        self.fd = fd

    def say(self, event):
        os.write(self.fd, (json.dumps(event) + "\n").encode("utf-8", "backslashreplace"))


def read_tests(fd, size):
    chunks, left = [], size
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            raise OSError("the worker's channel ended inside the tests")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks).decode("utf-8")


def hello_kinds(link):
    """The server's first message: the candidate module's names, or how its module code ended."""
    message = link.receive()
    if "hello" in message and type(message["hello"]) is dict:
        return message["hello"], None
    if message.get("top") == "exit":
        return None, {"e": "exit", "c": _text(message.get("c"))}
    if message.get("top") == "exc":
        fields = {key: _text(message.get(key), 300) for key in ("k", "t", "m")}
        return None, {"e": "top", **fields}
    link.fail({"e": "corrupt", "m": "no hello"})


def run_tests(code, link, verdict, entry_points):
    judge = Judge(link)
    try:
        kinds, ended = hello_kinds(link)  # pyright: ignore[reportGeneralTypeIssues] - link.fail raises
        if ended is not None:
            verdict.say(ended)
            return
        exec(code, TestGlobals(resolver(judge, kinds, entry_points)))
    except NeedsInProcess as why:
        verdict.say({"e": "fallback", "m": _text(why)})
        return
    except Broken:
        pass
    except BaseException as error:  # noqa: BLE001 - the tests' own outcome
        if link.broken is None:
            kind = "assert" if isinstance(error, AssertionError) else "other"
            if isinstance(error, MemoryError):
                kind = "memory"
            verdict.say({"e": "exc", "k": kind, "t": _text(type(error).__name__, 80), "m": _text(error)})
            return
    verdict.say(link.broken if link.broken is not None else {"e": "end"})


def judge_sample(tests_fd, tests_size, request_fd, reply_fd, verdict_fd, entry_points=frozenset()):
    """One sample (judge_loop.py gives the fds). Returns False when the judge itself failed: then
    it wrote no verdict line past "tests", the sample is never a pass, and the judge is not kept."""
    verdict = Verdict(verdict_fd)
    try:
        tests = read_tests(tests_fd, tests_size)
        verdict.say({"e": "tests"})
        try:
            code = compile(tests, "tests.py", "exec", dont_inherit=True)
        except BaseException as error:  # noqa: BLE001 - broken test code fails every sample
            verdict.say({"e": "exc", "k": "other", "t": type(error).__name__, "m": _text(error)})
        else:
            run_tests(code, Link(request_fd, reply_fd), verdict, frozenset(entry_points))
    except BaseException:  # noqa: BLE001 - the judge's own failure: no verdict line, never a pass
        import traceback

        traceback.print_exc()
        return False
    try:
        sys.stdout.flush()
    except BaseException:  # noqa: BLE001
        pass
    return True
