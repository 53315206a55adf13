"""A task's Python environment inside the worker or the fresh-interpreter runner.

passk starts Python with -I -S (no site-packages). A task with an environment gets its library
directories (Debian's dist-packages or a venv's site-packages, mounted read-only) added as site
dirs once, in the worker before any fork, plus fixed variables (MPLBACKEND=Agg, one BLAS thread,
...); each sample then gets HOME, XDG_CACHE_HOME, MPLCONFIGDIR inside its own scratch dir, and
TMPDIR there too unless the sandbox gives each sample a private /tmp (bwrap).

Spec (JSON, one argv value): {"site": [DIR, ...], "env": {NAME: VALUE, ...}}
"""

import json
import os
import sys

_spec = [None]
# Set by the bwrap sandbox, whose /tmp is writable and swept after each sample (slot_hygiene.py):
# tempfile then makes /tmp/tmpXXXXXXXX paths, as on the reference harnesses' machines (a test
# that splits such a path on "-" fails on the scratch dir's name). Taken out before any program.
_PRIVATE_TMP = os.environ.pop("PASSK_PRIVATE_TMP", "") == "1"


def take_switch(runner):
    """Removes the runner's libraries switch from its module (before any program runs and before
    the runner's pristine state is recorded), so only the caller holds it. Always called, with or
    without an environment: no program can find it and loosen the guard itself."""
    return runner.__dict__.pop("_allow_library_code", lambda: None)


def apply(spec_json, allow_library_code):
    """Once per process, before any program: site dirs on sys.path, fixed variables, and the
    runner's guard told that library functions may adjust themselves (see runner._protection)."""
    if not spec_json:
        return
    import site

    spec = json.loads(spec_json)
    allow_library_code()
    for path in spec.get("site", []):
        site.addsitedir(path)  # reads its .pth files too, as a normal start-up would
    for name, value in spec.get("env", {}).items():
        os.environ[name] = value
    _spec[0] = spec


def enter_sample(scratch_dir):
    """In the program's process, before it runs: its caches and config go to its scratch dir."""
    if _spec[0] is None:
        return
    os.environ["HOME"] = scratch_dir
    os.environ["XDG_CACHE_HOME"] = os.path.join(scratch_dir, ".cache")
    os.environ["MPLCONFIGDIR"] = os.path.join(scratch_dir, ".mpl")
    # tempfile too (libraries' code uses it a lot): the worker's cached choice may be a dir the
    # program's uid cannot write; recomputed (from TMPDIR, else /tmp) on first use.
    if not _PRIVATE_TMP:
        os.environ["TMPDIR"] = scratch_dir
    tempfile = sys.modules.get("tempfile")
    if tempfile is not None:
        tempfile.tempdir = None  # pyright: ignore[reportAttributeAccessIssue] - tempfile's cache
