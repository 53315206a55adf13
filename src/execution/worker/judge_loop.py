"""The judge kept for a worker slot (outside judging): one process judges the slot's samples one
after another, instead of a judge forked per sample (a fork and its copy-on-write faults cost about
as much CPU as the tests themselves; measured in docs/benchmarks.md).

Its life: started by the worker (slot_judge.py) with the worker's uid, non-dumpable, no
capabilities, its own session, and two fds: the control socket and passk's tests channel. For
each sample the worker sends one control message, the sample's fds riding along (SCM_RIGHTS):
the request and reply pipes to that sample's function server, the verdict pipe and a stderr
pipe. The judge reads the tests off the channel, runs them (judge_process.judge_sample), closes
the sample's fds (the worker reads the verdict until that end-of-file), puts back what tests may
change in a process, and answers on the control socket with its CPU and whether it is still fit
to judge. A judge whose state it cannot vouch for ends instead, and the worker starts a fresh one.

Nothing here reads candidate data except through judge_process (strictly decoded values); what a
candidate can do to this process from outside (signals, rlimits, priority, affinity, cgroup)
slot_judge.py checks before every sample.
"""

import _socket
import builtins
import gc
import json
import os
import resource
import signal
import struct
import sys
import time

import fork_run
import judge_process
import protocol

SAMPLE_FDS = 4  # request (write), reply (read), verdict (write), stderr (write)
# A judge whose peak memory grew past this since it started is not reused: a huge decoded value
# or a test's cache must not make a later sample's tests run out of memory.
MAX_GROWTH_KIB = 256 * 1024
# The signals a stray sender could use to change a later sample's outcome: SIGINT would raise
# KeyboardInterrupt in the tests. Ignored; the stop signals are undone by the worker's SIGCONT,
# and a signal that ends the judge is seen by the worker, which starts a new one.
IGNORED = (signal.SIGINT, signal.SIGHUP, signal.SIGTERM, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2,
           signal.SIGALRM, signal.SIGVTALRM, signal.SIGPROF, signal.SIGPIPE, signal.SIGTSTP, signal.SIGTTIN,
           signal.SIGTTOU, signal.SIGXCPU, signal.SIGXFSZ)
_ANCILLARY_BYTES = _socket.CMSG_SPACE(SAMPLE_FDS * 4)


class ProcessState:
    """What a sample's tests can change in this process and a fresh fork would not have seen:
    taken when the judge starts, put back after each sample."""

    def __init__(self):
        self.handlers = {number: signal.getsignal(number) for number in _catchable()}
        self.recursion = sys.getrecursionlimit()
        self.streams = (sys.stdin, sys.stdout, sys.stderr)
        self.path = list(sys.path)
        self.environ = dict(os.environ)
        self.builtins = dict(builtins.__dict__)
        self.umask = os.umask(0o022)
        os.umask(self.umask)
        self.gc = (gc.isenabled(), gc.get_threshold())
        self.peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    def restore(self):
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.setitimer(signal.ITIMER_PROF, 0)
        for number, handler in self.handlers.items():
            if signal.getsignal(number) is not handler:
                signal.signal(number, handler)
        sys.setrecursionlimit(self.recursion)
        sys.stdin, sys.stdout, sys.stderr = self.streams
        sys.settrace(None)
        sys.setprofile(None)
        sys.path[:] = self.path
        if os.environ != self.environ:
            os.environ.clear()
            os.environ.update(self.environ)
        _restore_dict(builtins.__dict__, self.builtins)
        os.umask(self.umask)
        enabled, threshold = self.gc
        gc.set_threshold(*threshold)
        (gc.enable if enabled else gc.disable)()

    def fit(self):
        """Whether a later sample can run here as in a fresh judge: no thread the tests started,
        no memory grown past MAX_GROWTH_KIB."""
        threading = sys.modules.get("threading")
        if threading is not None and threading.active_count() > 1:
            return False
        grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - self.peak_kib
        return grown <= MAX_GROWTH_KIB


def _catchable():
    return [number for number in signal.valid_signals() if number not in (signal.SIGKILL, signal.SIGSTOP)]


def _restore_dict(live, saved):
    if len(live) == len(saved) and all(live.get(key, saved) is value for key, value in saved.items()):
        return
    live.clear()
    live.update(saved)


def _receive(control):
    """The next sample: (its request, its four fds), or None when the worker closed the socket."""
    data, ancillary, _flags, _address = control.recvmsg(1 << 16, _ANCILLARY_BYTES)
    if not data:
        return None
    fds = []
    for level, kind, payload in ancillary:
        if level == _socket.SOL_SOCKET and kind == _socket.SCM_RIGHTS:
            fds.extend(struct.unpack("%di" % (len(payload) // 4), payload[: len(payload) // 4 * 4]))
    if len(fds) != SAMPLE_FDS:
        raise OSError("a sample came with %d fds, not %d" % (len(fds), SAMPLE_FDS))
    return json.loads(data), fds


def _one_sample(request, fds, tests_fd, devnull):
    """Judges one sample; returns whether the judge itself held up (False: its own failure)."""
    request_w, reply_r, verdict_w, err_w = fds
    os.dup2(err_w, 2)
    os.close(err_w)
    try:
        _enter(request["scratch"])
        entry_points = frozenset(str(name) for name in request.get("entryPoints") or ())
        return judge_process.judge_sample(tests_fd, int(request["testsBytes"]), request_w, reply_r, verdict_w, entry_points)
    finally:
        for fd in (request_w, reply_r, verdict_w):
            os.close(fd)
        try:
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001
            pass
        os.dup2(devnull, 2)


def _enter(scratch):
    """The sample's scratch dir as cwd, as a judge forked for it had. As root the judge has no
    capabilities and the dir is the programs' uid's (mode 0700): a forked judge's cwd was then a
    dir it could not read either, so "/" (read-only in the sandbox) stands in."""
    try:
        os.chdir(scratch)
    except PermissionError:
        os.chdir("/")


def serve(control, tests_fd):
    """The judge's life (see the module doc). Never returns."""
    for number in IGNORED:
        signal.signal(number, signal.SIG_IGN)
    devnull = os.open(os.devnull, os.O_WRONLY)
    state = ProcessState()
    control.sendall(json.dumps({"ready": True, "cpuMs": _cpu_ms(), "times": _times()}).encode())
    while True:
        try:
            received = _receive(control)
            if received is None:
                os._exit(0)
            held_up = _one_sample(*received, tests_fd, devnull)
            state.restore()
            fit = held_up and state.fit()
        except BaseException:  # noqa: BLE001 - the judge's own failure: never a verdict, never kept
            import traceback

            traceback.print_exc()
            held_up = fit = False
        try:
            answer = {"done": True, "cpuMs": _cpu_ms(), "times": _times(), "fit": fit, "failed": not held_up}
            control.sendall(json.dumps(answer).encode())
        except OSError:
            fit = False
        if not fit:
            os._exit(0 if held_up else protocol.HARNESS_FAILED_STATUS)


def _times():
    """This process's CPU and wait so far (fork_run.cpu_and_wait), read here, so the worker has
    its pair clock's base without reading /proc for every sample."""
    return fork_run.cpu_and_wait(os.getpid())


def _cpu_ms():
    return time.process_time() * 1000.0

