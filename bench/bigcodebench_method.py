"""One BigCodeBench task the way upstream's evaluator runs it (bigcodebench/eval: untrusted_check
and unsafe_execute), re-implemented for bench/bigcodebench.ts: run in a fresh interpreter, one
per task, with upstream's limits (30 GiB address space and data, 10 MiB stack, 240 s for the
test suite), in a temporary working directory, output swallowed, `exit`/`quit` disabled, the
solution and its tests executed as one module, then `TestCases` run into a unittest result:
a pass when no test failed or errored. No sandbox: upstream has none either.

stdin: {"code": ..., "test": ...}; stdout: one JSON line {"status": "pass"|"fail", "detail": ...}.
"""

import builtins
import contextlib
import io
import json
import os
import resource
import signal
import sys
import tempfile
import time
import types
import unittest

GIB = 1024**3
TIMEOUT_S = float(os.environ.get("BIGCODEBENCH_TIMEOUT_PER_TASK", "240"))


class Timeout(Exception):
    pass


def limit():
    resource.setrlimit(resource.RLIMIT_AS, (30 * GIB, 30 * GIB))
    resource.setrlimit(resource.RLIMIT_DATA, (30 * GIB, 30 * GIB))
    resource.setrlimit(resource.RLIMIT_STACK, (10 * 1024**2, 10 * 1024**2))
    os.environ.update(TZ="UTC", OMP_NUM_THREADS="1", TF_CPP_MIN_LOG_LEVEL="3", TF_ENABLE_ONEDNN_OPTS="0")
    time.tzset()
    builtins.exit = None
    builtins.quit = None


def on_alarm(signum, frame):
    raise Timeout("Timed out!")


def run(code, test):
    module = types.ModuleType("__test__")
    module.__dict__.update({"__builtins__": builtins, "__file__": "__test__.py", "sys": sys, "os": os})
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        exec(compile(code + "\n" + test, "__test__.py", "exec"), module.__dict__)
        sys.modules["__test__"] = module
        suite = unittest.TestLoader().loadTestsFromTestCase(module.__dict__["TestCases"])
        result = unittest.TestResult()
        signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, TIMEOUT_S)
        try:
            suite.run(result)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    issues = result.failures + result.errors
    return ("fail", issues[0][0].id().split(".")[-1]) if issues else ("pass", "")


def main():
    request = json.load(sys.stdin)
    out = sys.stdout
    limit()
    with tempfile.TemporaryDirectory() as scratch:
        os.chdir(scratch)
        try:
            status, detail = run(request["code"], request["test"])
        except BaseException as error:  # noqa: BLE001 - upstream: any exception is a failure
            status, detail = "fail", "%s: %s" % (type(error).__name__, str(error)[:200])
        os.chdir("/")
    out.write(json.dumps({"status": status, "detail": detail}) + "\n")
    out.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
