"""One program in a forked child: fds, deadline, output caps, and cleaning up after it.

The worker's half of each run. The child gets fds 0/1/2 = /dev/null and two capture pipes, fd 3 =
the result channel, a private scratch cwd; the worker waits with a wall-clock deadline (pidfd +
poll), caps what it reads, then kills the child's group and anything the program left behind.
"""

import os
import select
import shutil
import signal
import tempfile
import time

import runner

STDERR_TAIL = 4096
# The result channel also carries outputs judged outside the program (tasks/plus/outside-judge.ts).
REPORT_KEEP = 16 << 20


def attach_pipes(pipes, cwd):
    """In a forked child: stdout, stderr and the result fd onto the capture pipes, every other
    fd above them closed, cwd = the scratch dir (shared with exec_worker)."""
    out_w, err_w, res_w = pipes
    os.dup2(out_w, 1)
    os.dup2(err_w, 2)
    os.dup2(res_w, runner.RESULT_FD)
    os.closerange(runner.RESULT_FD + 1, 1 << 16)
    os.chdir(cwd)


def child_main(compiled, nonce, settings, pipes, opts, scratch_dir):
    # fd 0 is already /dev/null (see take_protocol_fds); the protocol fds are >= 10 and closed here.
    attach_pipes(pipes, scratch_dir)
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)  # as a fresh interpreter sets it
    runner.run_in_child(compiled, nonce, settings, opts.uid)


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
            keep_tail(chunks[fd], data, fd == err_r, REPORT_KEEP if fd == res_r else STDERR_TAIL)
        if sizes[out_r] > cap or sizes[err_r] > cap:
            state = "output-limit"
            break
    if state == "exited":
        drain(open_fds, chunks, err_r, res_r)
    os.close(pidfd)
    return state, chunks, (out_r, err_r, res_r)


def keep_tail(bucket, data, is_stderr, limit=STDERR_TAIL):
    """Keeps at most `limit` bytes: the end of stderr (traceback), the start of the rest."""
    bucket.append(data)
    if sum(map(len, bucket)) <= limit:
        return  # joined only when cut: the result channel may hold thousands of chunks
    joined = b"".join(bucket)
    joined = joined[-limit:] if is_stderr else joined[:limit]
    bucket[:] = [joined]


def drain(fds, chunks, err_r, res_r=None):
    """After the child exits, takes what is already in the pipes without waiting for EOF."""
    for fd in fds:
        os.set_blocking(fd, False)
        try:
            while True:
                data = os.read(fd, 65536)
                if not data:
                    break
                keep_tail(chunks[fd], data, fd == err_r, REPORT_KEEP if fd == res_r else STDERR_TAIL)
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


# Sources up to this size are compiled here, once, before the fork: the child then skips the
# compile and the copy-on-write faults it would cause. Compiling runs none of the program's code.
PRECOMPILE_MAX_CHARS = 256 * 1024


def run_one(req, opts, scratch):
    source = req["source"]
    compiled = runner.precompile(source) if len(source) <= PRECOMPILE_MAX_CHARS else source
    settings = runner.limit_settings(req["limits"])
    scratch_dir = scratch.get()
    read_ends, write_ends = zip(*(os.pipe() for _ in range(3)))
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        for fd in read_ends:
            os.close(fd)
        child_main(compiled, req["nonce"], settings, write_ends, opts, scratch_dir)
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
    return {"id": req["id"], **outcome(status, usage, state, chunks, res_r, err_r, duration_ms)}


def outcome(status, usage, state, chunks, res_r, err_r, duration_ms):
    """What the TypeScript side needs of one finished process (shared with exec_worker)."""
    return {
        "exitCode": os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else None,
        "signal": signal.Signals(os.WTERMSIG(status)).name if os.WIFSIGNALED(status) else None,
        "timedOut": state == "timeout",
        "outputExceeded": state == "output-limit",
        "report": b"".join(chunks[res_r]).decode("utf-8", "replace"),
        "stderrTail": b"".join(chunks[err_r]).decode("utf-8", "replace"),
        "durationMs": round(duration_ms, 3),
        "cpuMs": round((usage.ru_utime + usage.ru_stime) * 1000.0, 3),
    }
