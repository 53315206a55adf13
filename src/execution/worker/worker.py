"""passk warm Python worker: a fork server that runs one program per forked child.

Started once per worker slot (inside bubblewrap for the 'bwrap' sandbox). It imports the modules
benchmarks use, then for each request read from stdin (one JSON line) forks a child that runs the
program under rlimits and another uid, waits for it with a wall-clock deadline, kills whatever the
program left behind, and answers with one JSON line on stdout. The worker never runs program code
itself; the child cannot reach this protocol channel (its fds 0/1/2 are replaced before it runs).

argv: --scratch DIR [--uid UID] [--pid-namespace] [--private-tmp BYTES:INODES] [--cgroup DIR]
[--environment JSON] (a task's library dirs and variables, see task_environment.py)
(the last two come from the bwrap sandbox: the scratch root is the worker's own tmpfs, remounted
with both caps when permitted; DIR is the slot's memory cgroup bound into the sandbox)
"""

import io
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import protocol  # noqa: E402
import task_environment  # noqa: E402
import fork_run  # noqa: E402  (needs the path above: -I leaves the script dir out)
import judge_pair  # noqa: E402
import runner  # noqa: E402
import slot_hygiene  # noqa: E402

sys.path.pop(0)

# What benchmark programs import (HumanEval: typing, math, random, copy, string, collections, re,
# hashlib). Only these: every preloaded page makes each fork slower, and a rarer module costs the
# same import in the child as in a fresh interpreter. Not `threading`: once imported, every fork
# pays for re-initialising it in the child (measured: fork cost x3).
# Not `random` either: it re-seeds itself in every forked child (a cost on every program, while
# the few programs that import it pay the same import as in a fresh interpreter).
PRELOAD = (
    "math re collections itertools functools heapq bisect string typing hashlib copy "
    "operator json traceback ctypes"
).split()
PR_SET_CHILD_SUBREAPER = 36
TESTS_CHANNEL_FD = protocol.TESTS_CHANNEL_FD  # passk's tests channel (outside judging), see _take_tests_channel


def preload():
    for name in PRELOAD:
        try:
            __import__(name)
        except ImportError:
            pass


def become_subreaper():
    """Orphans of a program re-parent to the worker, so it can find and kill every one; and the
    worker dies with its parent (passk), so a killed passk leaves no worker behind."""
    try:
        slot_hygiene._libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
        slot_hygiene.die_with_parent()
    except (OSError, AttributeError):
        pass


class Options:
    def __init__(self, argv):
        # Not tempfile.gettempdir(): importing tempfile imports random (and shutil, bz2, lzma),
        # and random re-seeds itself in every forked child (measured: +0.13 ms CPU per fork).
        self.scratch = os.environ.get("TMPDIR") or "/tmp"
        self.uid = None
        self.pid_namespace = False
        self.private_tmp = None
        self.cgroup = None
        self.environment = None
        args = iter(argv)
        for arg in args:
            if arg == "--scratch":
                self.scratch = next(args)
            elif arg == "--uid":
                self.uid = int(next(args))
            elif arg == "--pid-namespace":
                self.pid_namespace = True
            elif arg == "--private-tmp":
                size, inodes = next(args).split(":")
                self.private_tmp = (int(size), int(inodes))
            elif arg == "--cgroup":
                self.cgroup = next(args)
            elif arg == "--environment":
                self.environment = next(args)


def prepare_slot(opts, make=None):
    """Before the seccomp filter (it forbids mount): non-dumpable, the capped tmpfs, the slot state.
    Returns (slot state, what caps the scratch tmpfs: "size+inodes", "size" or None)."""
    slot_hygiene.harden()
    caps = None
    if opts.private_tmp is not None:
        mounted = slot_hygiene.mount_private_tmp(opts.scratch, *opts.private_tmp)
        if not mounted and os.geteuid() == 0:  # root (no user namespace) must get its inode cap
            raise OSError("could not mount the capped scratch tmpfs at %s" % opts.scratch)
        caps = "size+inodes" if mounted else "size"
    return (make or fork_run.SlotState)(opts), caps


def serve(reader, send, handle):
    """The request loop: a failure of the worker itself (never of the program) is answered as
    `infra`, which makes passk rebuild the slot and retry the program once."""
    import json

    for line in iter(reader.readline, b""):
        request = json.loads(line)
        line = None  # the request's nonce: not left in this frame, which a forked child shares
        try:
            send(handle(request))
        except Exception as error:  # noqa: BLE001
            send({"id": request["id"], "infra": "%s: %s" % (type(error).__name__, error)})


def take_protocol_fds():
    """Moves the protocol pipes to fds >= WORKER_FD_FLOOR and puts /dev/null on 0 and 1, so a forked child
    starts with fd 0 = /dev/null and sys.stdin/sys.stdout objects that never buffered protocol data.
    Returns (requests, answers, tests channel fd or None)."""
    import fcntl

    proto_in = fcntl.fcntl(0, fcntl.F_DUPFD_CLOEXEC, protocol.WORKER_FD_FLOOR)
    proto_out = fcntl.fcntl(1, fcntl.F_DUPFD_CLOEXEC, protocol.WORKER_FD_FLOOR)
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)
    os.close(devnull)
    return os.fdopen(proto_in, "rb", buffering=0), os.fdopen(proto_out, "wb", buffering=0), _take_tests_channel()


def _take_tests_channel():
    """TESTS_CHANNEL_FD, where passk writes each outside-judged sample's tests: moved above the fds a program
    gets (every child closes fds above its own before any program code runs) and never read here,
    only by the judge child. None when the worker was started without it."""
    import fcntl

    try:
        channel = fcntl.fcntl(TESTS_CHANNEL_FD, fcntl.F_DUPFD_CLOEXEC, protocol.WORKER_FD_FLOOR)
    except OSError:
        return None
    os.close(TESTS_CHANNEL_FD)
    return channel


def main():
    import json

    opts = Options(sys.argv[1:])
    proto_in, proto_out, tests_in = take_protocol_fds()
    task_environment.apply(opts.environment, task_environment.take_switch(runner))
    preload()
    runner.install_site_builtins()
    become_subreaper()
    slot, tmp_caps = prepare_slot(opts)
    # Once, here: every forked child inherits the filter (and cannot remove it). Nothing the
    # worker itself does (fork, wait, setuid, kill, prctl) is on the deny list.
    runner.seccomp.install(inet=slot.inet())  # bwrap: loopback only, see Loopback

    def send(message):
        proto_out.write((json.dumps(message) + "\n").encode())

    send({"ready": True, "pid": os.getpid(), "python": sys.version.split()[0], "tmp": tmp_caps})
    try:
        import gc

        gc.freeze()  # keeps the preloaded heap shared with children instead of copied on write
    except AttributeError:
        pass
    def handle(request):
        if "testsBytes" in request:  # outside judging: the tests wait on their channel for the judge
            return judge_pair.run_pair(request, opts, slot, tests_in)
        return fork_run.run_one(request, opts, slot)

    serve(io.BufferedReader(proto_in), send, handle)


if __name__ == "__main__":
    main()
