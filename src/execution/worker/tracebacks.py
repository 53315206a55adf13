"""How a program's uncaught exception is shown on its stderr (runner.py, function_server.py).

No verdict reads that text: the exception's type and message go on the result channel. So by
default only the traceback's last line is printed ("Type: message", as the full traceback ends):
formatting the whole traceback in a fresh fork reads the program's source lines and touches much
of the traceback module's memory, which costs more CPU than a typical program (issue 30: ~0.7 ms
per failing program on a quiet machine, ~30 ms where page faults are dear; most samples fail).
The request field `tracebacks` (passk --keep-tracebacks) asks for the whole text.
"""

import sys
import traceback

# Set by the worker before each fork (keep_full), read in the child: the request's choice.
_full = [False]


def keep_full(flag):
    _full[0] = bool(flag)


def print_failure(error, tb):
    """Writes `error` on sys.stderr: the whole traceback from `tb` when asked, else its last line."""
    if _full[0]:
        traceback.print_exception(type(error), error, tb)
        return
    sys.stderr.write(last_line(error))


def last_line(error):
    """The line a traceback ends with: the exception's (module-qualified) type and its text."""
    kind = type(error)
    name = kind.__qualname__
    if kind.__module__ not in ("__main__", "builtins"):
        name = "%s.%s" % (kind.__module__, name)
    try:
        text = str(error)
    except BaseException:  # noqa: BLE001 - as traceback does for a failing __str__
        text = "<exception str() failed>"
    return "%s: %s\n" % (name, text) if text else name + "\n"
