"""passk warm Python worker: a fork server that runs one program per forked child.

Started once per worker slot (inside bubblewrap for the 'bwrap' sandbox). It imports the modules
benchmarks use, then for each request read from stdin (one JSON line) forks a child that runs the
program under rlimits and another uid, waits for it with a wall-clock deadline, kills whatever the
program left behind, and answers with one JSON line on stdout. The worker never runs program code
itself; the child cannot reach this protocol channel (its fds 0/1/2 are replaced before it runs).

argv: --scratch DIR [--uid UID] [--pid-namespace]
"""

import os
import select
import shutil
import signal
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import runner  # noqa: E402  (needs the path above: -I leaves the script dir out)

sys.path.pop(0)

PRELOAD = (
    "math re collections itertools functools heapq bisect string typing hashlib random "
    "statistics fractions decimal datetime copy operator json array numbers dataclasses enum "
    "textwrap ctypes threading traceback unicodedata cmath struct io contextlib abc queue"
).split()
STDERR_TAIL = 4096
PR_SET_CHILD_SUBREAPER = 36


def preload():
    for name in PRELOAD:
        try:
            __import__(name)
        except ImportError:
            pass


def become_subreaper():
    """Orphans of a program re-parent to the worker, so it can find and kill every one."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass


class Options:
    def __init__(self, argv):
        self.scratch = tempfile.gettempdir()
        self.uid = None
        self.pid_namespace = False
        args = iter(argv)
        for arg in args:
            if arg == "--scratch":
                self.scratch = next(args)
            elif arg == "--uid":
                self.uid = int(next(args))
            elif arg == "--pid-namespace":
                self.pid_namespace = True


def child_main(req, pipes, devnull, opts, scratch_dir):
    out_w, err_w, res_w = pipes
    os.dup2(devnull, 0)  # first: devnull may itself be fd 3, which the result channel takes
    os.dup2(out_w, 1)
    os.dup2(err_w, 2)
    os.dup2(res_w, runner.RESULT_FD)
    os.closerange(runner.RESULT_FD + 1, 1 << 16)
    os.chdir(scratch_dir)
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)  # as a fresh interpreter sets it
    runner.run_in_child(req["source"], req["nonce"], req["limits"], opts.uid)


def collect(pid, pipes, limits):
    """Reads the child's output until it exits or a limit passes. Returns (state, chunks)."""
    out_r, err_r, res_r = pipes
    cap = int(limits["outputBytes"])
    deadline = time.monotonic() + int(limits["timeoutMs"]) / 1000.0
    sizes = {out_r: 0, err_r: 0, res_r: 0}
    chunks = {out_r: [], err_r: [], res_r: []}
    pidfd = os.pidfd_open(pid)
    poller = select.poll()
    for fd in (out_r, err_r, res_r, pidfd):
        poller.register(fd, select.POLLIN)
    open_fds = {out_r, err_r, res_r}
    state = "exited"
    exited = False
    while not exited:  # a program may close its pipes and keep running: wait for the exit itself
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            state = "timeout"
            break
        for fd, _ in poller.poll(remaining * 1000):
            if fd == pidfd:
                exited = True
                continue
            data = os.read(fd, 65536)
            if not data:
                poller.unregister(fd)
                open_fds.discard(fd)
                continue
            sizes[fd] += len(data)
            keep_tail(chunks[fd], data, fd == err_r)
        if sizes[out_r] > cap or sizes[err_r] > cap:
            state = "output-limit"
            break
    if state == "exited":
        drain(open_fds, chunks, err_r)
    os.close(pidfd)
    return state, chunks, (out_r, err_r, res_r)


def keep_tail(bucket, data, is_stderr):
    """Keeps at most STDERR_TAIL bytes: the end of stderr (traceback), the start of the rest."""
    bucket.append(data)
    joined = b"".join(bucket)
    if len(joined) > STDERR_TAIL:
        joined = joined[-STDERR_TAIL:] if is_stderr else joined[:STDERR_TAIL]
    bucket[:] = [joined]


def drain(fds, chunks, err_r):
    """After the child exits, takes what is already in the pipes without waiting for EOF."""
    for fd in fds:
        os.set_blocking(fd, False)
        try:
            while True:
                data = os.read(fd, 65536)
                if not data:
                    break
                keep_tail(chunks[fd], data, fd == err_r)
        except BlockingIOError:
            pass


def kill_group(pid):
    for target in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        try:
            target()
        except (ProcessLookupError, PermissionError):
            pass


def kill_leftovers(opts):
    """Kills every process the program left (background, daemonised, setsid) and reaps them."""
    if opts.pid_namespace:
        try:
            os.kill(-1, signal.SIGKILL)  # everything in our pid namespace except us and init
        except ProcessLookupError:
            pass
    elif opts.uid is not None:
        killer = os.fork()
        if killer == 0:  # as the program's uid, kill(-1) reaches exactly the program's processes
            try:
                os.setuid(opts.uid)
                os.kill(-1, signal.SIGKILL)
            finally:
                os._exit(0)
    for _ in range(1000):  # subreaper: orphans are our children; kill and reap until none remain
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            for child in own_children():
                kill_group(child)
            time.sleep(0.001)


def own_children():
    me = str(os.getpid())
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry, "rb") as handle:
                    fields = handle.read().rsplit(b")", 1)[1].split()
                if fields[1].decode() == me:
                    found.append(int(entry))
            except (OSError, IndexError):
                pass
    return found


def run_one(req, devnull, opts):
    scratch_dir = tempfile.mkdtemp(prefix="run-", dir=opts.scratch)
    if opts.uid is not None:
        os.chown(scratch_dir, opts.uid, opts.uid)
    read_ends, write_ends = zip(*(os.pipe() for _ in range(3)))
    sys.stdout.flush()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        for fd in read_ends:
            os.close(fd)
        child_main(req, write_ends, devnull, opts, scratch_dir)
        os._exit(71)  # unreachable: run_in_child exits
    for fd in write_ends:
        os.close(fd)
    state, chunks, (out_r, err_r, res_r) = collect(pid, read_ends, req["limits"])
    if state != "exited":
        kill_group(pid)
    _, status, usage = os.wait4(pid, 0)
    duration_ms = (time.monotonic() - started) * 1000.0
    kill_group(pid)  # the program's process group may outlive its leader
    kill_leftovers(opts)
    for fd in read_ends:
        os.close(fd)
    shutil.rmtree(scratch_dir, ignore_errors=True)
    return {
        "id": req["id"],
        "exitCode": os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else None,
        "signal": signal.Signals(os.WTERMSIG(status)).name if os.WIFSIGNALED(status) else None,
        "timedOut": state == "timeout",
        "outputExceeded": state == "output-limit",
        "report": b"".join(chunks[res_r]).decode("utf-8", "replace"),
        "stderrTail": b"".join(chunks[err_r]).decode("utf-8", "replace"),
        "durationMs": round(duration_ms, 3),
        "cpuMs": round((usage.ru_utime + usage.ru_stime) * 1000.0, 3),
    }


def main():
    import json

    opts = Options(sys.argv[1:])
    preload()
    become_subreaper()
    devnull = os.open(os.devnull, os.O_RDONLY)
    send = sys.stdout.write
    send(json.dumps({"ready": True, "pid": os.getpid(), "python": sys.version.split()[0]}) + "\n")
    sys.stdout.flush()
    try:
        import gc

        gc.freeze()  # keeps the preloaded heap shared with children instead of copied on write
    except AttributeError:
        pass
    for line in sys.stdin.buffer:
        req = json.loads(line)
        send(json.dumps(run_one(req, devnull, opts)) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
