"""Child side of passk's Python execution: limits, privileges, and one program run.

Used two ways, with identical semantics so both backends give the same verdicts:
  * imported by worker.py, which forks and calls `run_in_child` in the fork;
  * run as a script (`python3 -I -S runner.py NONCE LIMITS_JSON`) by the 'subprocess' backend,
    which starts a fresh interpreter per program with program.py in the cwd and fd 3 open.

Result channel: the runner writes JSON lines tagged with the run's nonce on a dedicated fd (never
stdout), so an output flood cannot hide or forge the end-of-tests sentinel by accident. A hostile
program can still find the fd and nonce in its own memory; passk documents that residual risk.
"""

import atexit
import builtins
import json
import os
import resource
import sys
import traceback

if __name__ == "__main__":  # script mode: -I leaves the script's own directory off sys.path
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import seccomp

    sys.path.pop(0)
else:
    import seccomp

RESULT_FD = 3
_dumps = json.dumps  # bound now: a program that patches json must not break the report
_write = os.write


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
        _write(RESULT_FD, (_dumps(fields) + "\n").encode("utf-8", "backslashreplace"))
    except OSError:
        pass


def _short(value, limit=300):
    try:
        text = str(value)
    except BaseException:  # a hostile __str__ must not stop the report
        text = "<unprintable>"
    text = " ".join(text.split())
    return text[:limit]


def precompile(source, filename="program.py"):
    """Compiles without running anything. Returns a code object, or the exception compiling raised
    (SyntaxError, ValueError for NUL bytes, …), which the child then raises as its own."""
    try:
        return compile(source, filename, "exec")
    except BaseException as error:  # noqa: BLE001 - the program's failure, reported by the child
        return error


def execute(compiled, nonce, filename="program.py"):
    """Runs `compiled` (source text, a code object or a compile error) as __main__ and reports how
    it ended. Returns the process exit code."""
    try:
        if isinstance(compiled, BaseException):
            raise compiled
        code = compile(compiled, filename, "exec") if isinstance(compiled, str) else compiled
        exec(code, {"__name__": "__main__", "__file__": filename, "__builtins__": builtins})
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
    os._exit(status)


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
    """Script mode for the 'subprocess' backend: argv = NONCE LIMITS_JSON; program.py in cwd."""
    nonce, limits_json = sys.argv[1], sys.argv[2]
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
