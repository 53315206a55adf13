"""passk warm Python worker: a fork server that runs one program per forked child.

Started once per worker slot (inside bubblewrap for the 'bwrap' sandbox). It imports the modules
benchmarks use, then for each request read from stdin (one JSON line) forks a child that runs the
program under rlimits and another uid, waits for it with a wall-clock deadline, kills whatever the
program left behind, and answers with one JSON line on stdout. The worker never runs program code
itself; the child cannot reach this protocol channel (its fds 0/1/2 are replaced before it runs).

argv: --scratch DIR [--uid UID] [--pid-namespace]
"""

import io
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

# What benchmark programs import (HumanEval: typing, math, random, copy, string, collections, re,
# hashlib). Only these: every preloaded page makes each fork slower, and a rarer module costs the
# same import in the child as in a fresh interpreter. Not `threading`: once imported, every fork
# pays for re-initialising it in the child (measured: fork cost x3).
PRELOAD = (
    "math re collections itertools functools heapq bisect string typing hashlib random copy "
    "operator datetime json traceback ctypes"
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


def child_main(req, pipes, opts, scratch_dir):
    # fd 0 is already /dev/null (see take_protocol_fds); the protocol fds are >= 10 and closed here.
    out_w, err_w, res_w = pipes
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
    try:
        if os.waitpid(-1, os.WNOHANG) == (0, 0):
            pass  # something is still alive: go and kill it
    except ChildProcessError:
        return  # we are a subreaper, so no child at all means nothing was left behind
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
        os.waitpid(killer, 0)
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


class Scratch:
    """The program's private cwd. Reused while programs leave it empty and untouched (the common
    case, and cheaper than a mkdir, chown and rmtree per program); replaced otherwise."""

    def __init__(self, root, uid):
        self.root, self.uid, self.path, self.stat = root, uid, None, None

    def get(self):
        if self.path is None:
            self.path = tempfile.mkdtemp(prefix="run-", dir=self.root)
            if self.uid is not None:
                os.chown(self.path, self.uid, self.uid)
            self.stat = self._signature()
        return self.path

    def _signature(self):
        info = os.stat(self.path)
        return (info.st_ino, info.st_mode, info.st_uid, info.st_gid)

    def release(self):
        try:
            clean = not os.listdir(self.path) and self._signature() == self.stat
        except OSError:
            clean = False
        if not clean:
            shutil.rmtree(self.path, ignore_errors=True)
            self.path = None


def run_one(req, opts, scratch):
    scratch_dir = scratch.get()
    read_ends, write_ends = zip(*(os.pipe() for _ in range(3)))
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        for fd in read_ends:
            os.close(fd)
        child_main(req, write_ends, opts, scratch_dir)
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
    scratch.release()
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


def take_protocol_fds():
    """Moves the protocol pipes to fds >= 10 and puts /dev/null on 0 and 1, so a forked child
    starts with fd 0 = /dev/null and sys.stdin/sys.stdout objects that never buffered protocol data."""
    import fcntl

    proto_in = fcntl.fcntl(0, fcntl.F_DUPFD_CLOEXEC, 10)
    proto_out = fcntl.fcntl(1, fcntl.F_DUPFD_CLOEXEC, 10)
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)
    os.close(devnull)
    return os.fdopen(proto_in, "rb", buffering=0), os.fdopen(proto_out, "wb", buffering=0)


def main():
    import json

    opts = Options(sys.argv[1:])
    proto_in, proto_out = take_protocol_fds()
    preload()
    runner.install_site_builtins()
    become_subreaper()
    scratch = Scratch(opts.scratch, opts.uid)

    def send(message):
        proto_out.write((json.dumps(message) + "\n").encode())

    send({"ready": True, "pid": os.getpid(), "python": sys.version.split()[0]})
    try:
        import gc

        gc.freeze()  # keeps the preloaded heap shared with children instead of copied on write
    except AttributeError:
        pass
    reader = io.BufferedReader(proto_in)
    for line in iter(reader.readline, b""):
        send(run_one(json.loads(line), opts, scratch))


if __name__ == "__main__":
    main()
