"""A task's Python environment inside the worker or the fresh-interpreter runner.

passk starts Python with -I -S (no site-packages). A task with an environment gets its library
directories (Debian's dist-packages or a venv's site-packages, mounted read-only) added as site
dirs once, in the worker before any fork, plus fixed variables (MPLBACKEND=Agg, one BLAS thread,
...); each sample then gets HOME, XDG_CACHE_HOME and MPLCONFIGDIR inside its own scratch dir, the
only writable place it has.

Spec (JSON, one argv value): {"site": [DIR, ...], "env": {NAME: VALUE, ...}}
"""

import json
import os

_spec = [None]


def apply(spec_json, libraries_flag):
    """Once per process, before any program: site dirs on sys.path, fixed variables.
    `libraries_flag` is runner._libraries: set, the runner's guard lets libraries adjust their
    own functions (see runner.py)."""
    if not spec_json:
        return
    import site

    spec = json.loads(spec_json)
    libraries_flag[0] = True
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
