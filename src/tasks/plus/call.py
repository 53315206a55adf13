# passk's EvalPlus harness: calling the entry point under EvalPlus's conditions, for both
# modes of suite-program.ts (which reads this file and documents it). No placeholders.
# _passk_os is for outside_loop.py, which follows in the program:
# ruff: noqa: F401
# --- passk: the program text starts on the next line ---

import io as _passk_io
import os as _passk_os
import signal as _passk_signal
import sys as _passk_sys


class _PasskInputTimeLimit(Exception):
    pass


class _PasskSwallow(_passk_io.StringIO):
    """Output is dropped, reading raises (EvalPlus's WriteOnlyStringIO)."""

    def write(self, text):
        return len(text)

    def read(self, *args, **kwargs):
        raise IOError

    readline = readlines = read

    def readable(self, *args, **kwargs):
        return False


def _passk_alarm(signum, frame):
    raise _PasskInputTimeLimit("input time limit")


def _passk_call(fn, args, seconds):
    saved = (_passk_sys.stdin, _passk_sys.stdout, _passk_sys.stderr)
    sink = _PasskSwallow()
    _passk_sys.stdin = _passk_sys.stdout = _passk_sys.stderr = sink
    _passk_signal.signal(_passk_signal.SIGALRM, _passk_alarm)
    _passk_signal.setitimer(_passk_signal.ITIMER_REAL, seconds)
    try:
        return fn(*args)
    finally:
        _passk_signal.setitimer(_passk_signal.ITIMER_REAL, 0)
        _passk_sys.stdin, _passk_sys.stdout, _passk_sys.stderr = saved
