"""The host<->worker constants table, read once at start-up from protocol.json beside this file.

src/execution/worker/protocol.ts reads the same file, so the fds, event shapes, markers, exit
statuses and caps are written once for both sides. protocol.json is the worker's own file (in the
read-only support mount, never in a program's scratch directory): no program can change it.
"""

import json
import os

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "protocol.json"), "rb") as _file:
    _TABLE = json.load(_file)
del _file

FDS = _TABLE["fds"]
# The result channel every program's harness writes its events on (the host reads them back).
RESULT_FD = FDS["result"]
# The forked child's set-up channel: "k" once set up, nothing once exec'd, else why it failed.
SETUP_FD = FDS["setup"]
# The nonce pipe of a program the exec worker runs (read and closed by its harness).
NONCE_FD = FDS["nonce"]
# Where passk writes the outside-judged samples' tests when it starts the worker.
TESTS_CHANNEL_FD = FDS["testsChannel"]
# The function server's fds under outside judging: the judge's calls, its replies, its set-up.
JUDGE_REQUEST_FD = FDS["judgeRequest"]
JUDGE_REPLY_FD = FDS["judgeReply"]
SERVER_SETUP_FD = FDS["serverSetup"]
# The worker keeps its own pipes at or above this fd, out of the way of a program's fds.
WORKER_FD_FLOOR = FDS["workerFloor"]

# The result channel's events: their keys besides "e" and the nonce "n" (result-events.ts).
EVENT_KEYS = {name: tuple(keys) for name, keys in _TABLE["events"].items()}
TESTS_MARKER = _TABLE["markers"]["testsStart"]

# runner.py's script mode (the subprocess sandbox) gets Program.semantics in this variable.
SEMANTICS_VARIABLE = _TABLE["environment"]["semantics"]

TAMPER_STATUS = _TABLE["exitStatus"]["tamper"]
# The exit status of a harness process that failed itself (set-up, the judge): EX_SOFTWARE.
HARNESS_FAILED_STATUS = _TABLE["exitStatus"]["harnessFailed"]
UNREACHABLE_STATUS = _TABLE["exitStatus"]["unreachable"]

_LIMITS = _TABLE["limits"]
STDERR_TAIL = _LIMITS["stderrTailBytes"]
REPORT_KEEP = _LIMITS["reportKeepBytes"]
JUDGE_STDERR_KEEP = _LIMITS["judgeStderrKeepBytes"]
COMPILE_TAIL = _LIMITS["compileTailBytes"]
