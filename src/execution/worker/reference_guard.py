"""The reference harnesses' program semantics, for the tasks named after them.

human-eval, bigcode-evaluation-harness and EvalPlus run `exec(program, {})` in a
multiprocessing child after a `reliability_guard()` that sets many os, shutil and subprocess
functions (and `exit`, `quit`, `help`; EvalPlus also `open`) to None, so calling one is a
TypeError; stdin raises OSError on reading; and the verdict is decided when the tests return (a
thread or an atexit handler left running changes nothing). BigCodeBench sets only `exit` and
`quit` to None. A task asks for one of these by setting Program.semantics to a profile name
(src/execution/python-reference.ts), sent beside the source; the verdict cache key hashes it.

Applied in the program's process after the sandbox's own set-up (limits, uid: os.setuid goes
too) and before any program code (runner.run_in_child, runner.main). It only takes things away
from the program: nothing here loosens passk's guard or sandbox. See docs/environments.md,
"Program semantics"; src/execution/parity-semantics.test.ts checks each row there.
"""

import builtins
import io
import os
import sys


# What each reference's reliability_guard sets to None (read from openai/human-eval
# human_eval/execution.py, bigcode_eval/tasks/custom_metrics/execute.py, evalplus/eval/utils.py).
_OS_NONE = (
    "kill system putenv remove removedirs rmdir fchdir setuid fork forkpty killpg rename renames "
    "truncate replace unlink fchmod fchown chmod chown chroot lchflags lchmod lchown getcwd chdir"
).split()
_HUMAN_EVAL = {
    "builtins": ("exit", "quit", "help"),
    "os": _OS_NONE,
    "modules": {"shutil": ("rmtree", "move", "chown"), "subprocess": ("Popen",)},
    "blocked": ("ipdb", "joblib", "resource", "psutil", "tkinter"),
    "env": {"OMP_NUM_THREADS": "1"},
}
PROFILES = {
    "human-eval": _HUMAN_EVAL,
    "evalplus": dict(_HUMAN_EVAL, builtins=("exit", "quit", "help", "open")),
    # BigCodeBench's interpreter has the site module's help(), which passk's -S start leaves out.
    "bigcodebench": {
        "builtins": ("exit", "quit"),
        "os": (),
        "modules": {},
        "blocked": (),
        "env": {},
        "help": True,
        # Loaded before the program, so that the runner's verify() knows the real TestCase.
        "preload": ("unittest",),
    },
}


def profile_named(name):
    """The profile a request names (its "semantics" field), or None: passk's own semantics."""
    return name if isinstance(name, str) and name in PROFILES else None


class _UnreadableStdin(io.StringIO):
    """stdin as the references' swallow_io leaves it: reading raises OSError (so does input())."""

    def read(self, *args, **kwargs):
        raise OSError("stdin is not readable here")

    readline = readlines = read

    def readable(self, *args, **kwargs):
        return False


class _NoneOnImport:
    """A meta path finder that sets attributes of a module to None as soon as it is imported:
    the references import shutil and subprocess before the guard; importing them here for every
    program would cost milliseconds per fork."""

    def __init__(self, pending):
        self.pending = pending

    def find_spec(self, name, path=None, target=None):
        names = self.pending.get(name)
        if names is None:
            return None
        from importlib.machinery import PathFinder

        spec = PathFinder.find_spec(name, path)
        loader = spec and spec.loader
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module):
            run(module)
            _set_none(module, names)

        loader.exec_module = exec_module
        return spec


class _Helper:
    """help() as the site module defines it (pydoc, imported on first use)."""

    def __repr__(self):
        return "Type help() for interactive help, or help(object) for help about object."

    def __call__(self, *args, **kwargs):
        import pydoc

        return pydoc.help(*args, **kwargs)


# One instance: the restorer made in the worker (prepare) and the child (apply) must see the same
# object, as the runner's verify() compares builtins by identity.
_HELP = _Helper()


def _set_none(target, names):
    for name in names:
        setattr(target, name, None)


def _guard_builtins(spec):
    _set_none(builtins, spec["builtins"])
    if spec.get("help"):
        builtins.help = _HELP


_restorers = {}


def _preload(spec):
    for name in spec.get("preload", ()):
        __import__(name)


def prepare(profile, runner):
    """In the worker, before forking a program with `profile`: the runner's restore state with
    the profile's builtins, made once per profile (making it in every child costs about 0.5 ms).
    Its builtins version tag never matches a child's, so restoring always rewrites builtins."""
    if profile in _restorers:
        return
    spec = PROFILES[profile]
    _preload(spec)
    names = spec["builtins"] + (("help",) if spec.get("help") else ())
    saved = {name: builtins.__dict__[name] for name in names if name in builtins.__dict__}
    try:
        _guard_builtins(spec)
        _restorers[profile] = runner._make_restorer()
    finally:
        for name in names:
            if name in saved:
                setattr(builtins, name, saved[name])
            else:
                delattr(builtins, name)


def apply(profile, runner):
    """Applies `profile` in this process; `runner`: the runner module, whose restore state is
    the profile's (so restoring builtins between candidate and tests keeps them None, as in the
    references) and which then ends the process when the tests end (see runner._reference_exit)."""
    spec = PROFILES[profile]
    for name, value in spec["env"].items():
        os.environ[name] = value  # before os.putenv goes
    _set_none(os, spec["os"])
    pending = {}
    for module_name, names in spec["modules"].items():
        module = sys.modules.get(module_name)
        if module is not None:
            _set_none(module, names)
        else:
            pending[module_name] = names
    if pending:
        sys.meta_path.insert(0, _NoneOnImport(pending))
    for name in spec["blocked"]:
        sys.modules[name] = None  # pyright: ignore[reportArgumentType] - None blocks the import
    _guard_builtins(spec)
    _preload(spec)
    runner._reference_exit[0] = True
    runner._restorer[0] = _restorers.get(profile) or runner._make_restorer()


def take_stdin():
    """After the runner's own stdio set-up: stdin that raises on reading."""
    sys.stdin = _UnreadableStdin()
