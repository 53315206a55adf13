"""One program in a forked child: fds, deadline, output caps, and cleaning up after it.

The worker's half of each run. The child gets fds 0/1/2 = /dev/null and two capture pipes, fd 3 =
the result channel, a private scratch cwd; the worker waits until the time limit (its own time,
see Clock; pidfd + poll), caps what it reads, then kills the child's group and anything the
program left behind.
"""

import fcntl
import os
import select
import signal
import time

import protocol
import task_environment
import reference_guard
import runner
import slot_hygiene
import tracebacks

STDERR_TAIL = protocol.STDERR_TAIL
# The result channel also carries outputs judged outside the program (tasks/plus/outside-judge.ts).
REPORT_KEEP = protocol.REPORT_KEEP
# The child's setup channel: "k" once set up (Python), nothing once exec'd, else why it failed.
SETUP_FD = protocol.SETUP_FD


def attach_pipes(pipes, cwd, setup_w):
    """In a forked child: stdout, stderr and the result fd onto the capture pipes, the setup
    channel on SETUP_FD (close-on-exec), every other fd above them closed, cwd = the scratch dir
    (shared with exec_worker)."""
    out_w, err_w, res_w = pipes
    os.dup2(out_w, 1)
    os.dup2(err_w, 2)
    os.dup2(res_w, runner.RESULT_FD)
    # setup_w was made after the capture pipes, so it is above RESULT_FD and still intact here.
    os.dup2(setup_w, SETUP_FD)
    fcntl.fcntl(SETUP_FD, fcntl.F_SETFD, fcntl.FD_CLOEXEC)
    os.closerange(SETUP_FD + 1, 1 << 16)
    os.chdir(cwd)


def child_main(compiled, nonce, settings, pipes, setup_w, opts, slot, scratch_dir, reference=None):
    # fd 0 is already /dev/null (see take_protocol_fds); the protocol fds are >= 10 and closed here.
    try:
        if slot.cgroup is not None:
            slot.cgroup.join()
        attach_pipes(pipes, scratch_dir, setup_w)
        task_environment.enter_sample(scratch_dir)
    except BaseException as error:  # noqa: BLE001 - the harness's failure, on the setup channel
        os.write(setup_w, ("E%r" % (error,)).encode())
        os._exit(protocol.HARNESS_FAILED_STATUS)
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)  # as a fresh interpreter sets it
    runner.run_in_child(compiled, nonce, settings, opts.uid, SETUP_FD, reference)


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _read(path):
    fd = os.open(path, os.O_RDONLY)  # read for every program: no io layer
    try:
        return os.read(fd, 1024)
    finally:
        os.close(fd)


# The CPUs a program can run on (the worker's, which its children inherit).
CORES = max(1, len(os.sched_getaffinity(0)))


def _schedstat(path):
    """(cpu, delay) in seconds from a schedstat file: sum_exec_runtime and run_delay."""
    cpu, delay = _read(path).split()[:2]
    return int(cpu) / 1e9, int(delay) / 1e9


def _thread_times(pid):
    """(cpu, delay) of each live thread of pid, from /proc/PID/task/*/schedstat."""
    times = []
    for tid in os.listdir("/proc/%d/task" % pid):
        try:
            times.append(_schedstat("/proc/%d/task/%s/schedstat" % (pid, tid)))
        except (OSError, ValueError):
            continue  # the thread ended meanwhile: its CPU is in the process's
    return times


def run_delay(pid, elapsed):
    """Seconds the program waited for a CPU while it was runnable (see wait_credit), `elapsed`
    seconds after it started, or None without /proc/PID/schedstat. One thread is the usual case
    (one read); a JVM's main thread only waits for the thread that runs the program, so every
    thread is read. From the kernel's run_delay and sum_exec_runtime (zero at fork, kept through
    exec) and /proc/PID/stat."""
    try:
        fields = _read("/proc/%d/stat" % pid).rsplit(b")", 1)[1].split()
        # utime, stime (every thread, ended ones too), cutime, cstime (reaped children), in ticks
        process_cpu = sum(int(x) for x in fields[11:15]) / CLOCK_TICKS
        one = int(fields[17]) == 1  # num_threads
        threads = [_schedstat("/proc/%d/schedstat" % pid)] if one else _thread_times(pid)
    except (OSError, ValueError, IndexError):
        return None
    return wait_credit(process_cpu, threads, CORES, elapsed)


def cpu_and_wait(pid):
    """(process CPU, its main thread's CPU, that thread's wait for a CPU) in seconds so far, or
    None: a process's counters, for one that lives on between samples (the kept judge)."""
    try:
        fields = _read("/proc/%d/stat" % pid).rsplit(b")", 1)[1].split()
        return (sum(int(x) for x in fields[11:15]) / CLOCK_TICKS, *_schedstat("/proc/%d/schedstat" % pid))
    except (OSError, ValueError, IndexError):
        return None


def wait_credit(process_cpu, threads, cores, elapsed):
    """The wait a program is not charged for: the largest wait of one of its threads (cpu, delay)
    less the share of the CPU its other threads and reaped children used that could have kept
    that thread waiting on an idle machine. There it waits only while they fill every one of the
    cores, so at most their CPU / cores: a program does not earn time by competing with itself.
    Never so much that its own time (elapsed - credit) is below the CPU it used: a thread kept
    waiting where the machine is busy earns no CPU for threads that run elsewhere meanwhile."""
    credits = [delay - max(0.0, process_cpu - cpu) / cores for cpu, delay in threads]
    return max(0.0, min(max(credits, default=0.0), elapsed - process_cpu))


class Clock:
    """When a program is out of time. The limit is judged on its own time: wall-clock time minus
    the time it waited for a CPU (see run_delay). On an idle machine that is the
    wall clock (a sleeper or a blocked program times out as under a wall-clock limit); on a
    loaded one a busy loop still gets its whole budget, so its timeout is final, and a
    slow-but-correct program is not failed for the machine's load. Own time never exceeds wall
    time, so this is never stricter than a wall-clock limit. A backstop of `wallFactor` x the
    limit in wall time bounds how long a starved program holds its slot (rerun.ts re-runs one
    cut by it), and one whose live child processes compete with it (their CPU is not counted)."""

    def __init__(self, pid, limits):
        self.pid = pid
        self.limit = int(limits["timeoutMs"]) / 1000.0
        self.started = time.monotonic()
        factor = max(1.0, float(limits.get("wallFactor") or 1))
        self.backstop = self.started + self.limit * factor
        self.deadline = self.started + self.limit
        # The wait the timeout was judged with (None until then, and for the wall backstop): the
        # reported wait, as a later read would include waiting done while the program was killed.
        self.judged_wait = None

    def waited(self):
        """Seconds the program waited for a CPU (judge_pair.py counts two processes)."""
        return run_delay(self.pid, time.monotonic() - self.started)

    def remaining(self):
        """Seconds until the next look; 0 once the program is out of time."""
        now = time.monotonic()
        if now < self.deadline:
            return self.deadline - now
        if now >= self.backstop:
            return 0.0
        # Read only at a deadline: a program that ends within its limit costs no /proc read.
        waited = self.waited()
        own = now - self.started - (waited or 0.0)
        if own >= self.limit:
            self.judged_wait = waited
            return 0.0
        self.deadline = min(now + self.limit - own, self.backstop)
        return self.deadline - now

    def reported_wait(self, state):
        """The wait to report once the program ended or was stopped (before it is reaped): the one
        its timeout was judged with, else a fresh read, but only for a program that ran past its
        limit in wall time. One that ended within it cannot have been out of time, whatever it
        waited, so it costs no /proc read."""
        if state == "timeout" and self.judged_wait is not None:
            return self.judged_wait
        if time.monotonic() - self.started < self.limit:
            return None
        return self.waited()


def collect(pid, pipes, limits):
    """Reads the child's output until it exits or a limit passes (see Clock). Returns (state,
    chunks, pipes, waited ms: how long it waited for a CPU (run_delay), or None)."""
    out_r, err_r, res_r = pipes
    cap = int(limits["outputBytes"])
    clock = Clock(pid, limits)
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
        remaining = clock.remaining()
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
    waited = clock.reported_wait(state)  # the child is not reaped yet: /proc still has it
    return state, chunks, (out_r, err_r, res_r), None if waited is None else waited * 1000.0


def keep_tail(bucket, data, is_stderr, limit=STDERR_TAIL):
    """Keeps at most `limit` bytes: the end of stderr (traceback), the start of the rest."""
    bucket.append(data)
    if sum(map(len, bucket)) <= limit:
        return  # joined only when cut: the result channel may hold thousands of chunks
    joined = b"".join(bucket)
    joined = joined[-limit:] if is_stderr else joined[:limit]
    bucket[:] = [joined]


# At most this many reads per pipe after the child exits: a leftover process that keeps writing
# must not keep the worker draining until the watchdog replaces it (an infra error).
DRAIN_MAX_READS = 16


def drain(fds, chunks, err_r, res_r=None):
    """After the child exits, takes what is already in the pipes without waiting for EOF."""
    for fd in fds:
        os.set_blocking(fd, False)
        try:
            for _ in range(DRAIN_MAX_READS):
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


def kill_leftovers(opts, judge=None):
    """Kills every process the program left (background, daemonised, setsid) and reaps them.
    `judge`: the slot's kept judge (slot_judge.SlotJudge), spared when it is the worker's only
    child, else ended first (the kills below reach every process of the slot). Returns the CPU
    (ms) that judge used since its last answer when it was ended here, else 0."""
    live = judge.live() if judge is not None else None
    retired_cpu = 0.0
    if live is not None:
        if not children_besides(live.pid):
            return retired_cpu
        retired_cpu = live.retire()
    _kill_all_left(opts)
    return retired_cpu


def _kill_all_left(opts):
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


def children_besides(pid):
    """Whether the worker has a child (alive, or ended and not reaped) other than `pid`."""
    me = os.getpid()
    try:
        listed = _read("/proc/%d/task/%d/children" % (me, me)).split()
    except OSError:
        return any(child != pid for child in own_children())
    return any(int(child) != pid for child in listed)


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


class SetupFailed(Exception):
    """The harness could not set a program up: an infrastructure error, never the program's."""


class SlotState:
    """What a worker keeps between samples: the scratch dirs, the memory cgroup (if any), and
    whether the sandbox is private to this worker (then leftovers anywhere mean: rebuild)."""

    def __init__(self, opts):
        self.opts, self.uid, self.private = opts, opts.uid, opts.private_tmp is not None
        # Programs of a non-root sandbox (same uid as the worker) can also write /tmp and /dev/shm.
        watched = (opts.scratch, "/tmp", "/dev/shm") if self.private else ()
        self.scratch = slot_hygiene.Scratch(opts.scratch, opts.uid, watched)
        self.cgroup = slot_hygiene.Cgroup(opts.cgroup) if opts.cgroup else None
        # bwrap: the worker's own network namespace, loopback only (the other backends share the
        # host's network and allow AF_INET by design: nothing of theirs to rebuild).
        self.loopback = slot_hygiene.Loopback() if self.private else None
        self.judge = None  # outside judging's judge, kept between samples (judge_pair.py)

    def inet(self):
        """Whether programs may open AF_INET/AF_INET6 sockets (the seccomp filter's switch)."""
        return self.loopback is None or self.loopback.available()

    def set_memory(self, limits):
        if self.cgroup is not None:
            processes = limits.get("maxProcesses")
            self.cgroup.set_limit(int(limits["memoryBytes"]), None if processes is None else int(processes))

    def killed_for_memory(self):
        """True when the kernel OOM-killed any of the sample's processes at the cgroup limit (the
        limit covers the whole sample, e.g. eight forks of 400 MiB each under a 512 MiB limit)."""
        return self.cgroup is not None and self.cgroup.killed_for_memory()

    def after_sample(self, path):
        """Drops the sample's dir and its SysV objects; says when the slot must be rebuilt."""
        problem = self.scratch.drop(path)
        if problem is not None:
            return {"cleanupFailed": problem, "rebuild": True}
        if self.private and (not slot_hygiene.remove_sysv_ipc(self.uid) or self.scratch.poisoned()):
            return {"rebuild": True}
        if self.loopback is not None and self.loopback.used():
            return {"rebuild": True}  # a fresh network namespace for the next sample
        return {}


def setup_failure(data):
    """The SetupFailed for what a child wrote on its setup channel (not b"k")."""
    why = data[1:].decode("utf-8", "replace") if data else "the child ended during set-up"
    return SetupFailed("runner setup failed: %s" % why[:300])


# Sources up to this size are compiled here, once, before the fork: the child then skips the
# compile and the copy-on-write faults it would cause. Compiling runs none of the program's code.
PRECOMPILE_MAX_CHARS = 256 * 1024


def run_one(req, opts, slot):
    source = req["source"]
    compiled = runner.precompile(source) if len(source) <= PRECOMPILE_MAX_CHARS else source
    reference = reference_guard.profile_named(req.get("semantics"))  # the reference harness's semantics, if asked
    if reference is not None:
        reference_guard.prepare(reference, runner)
    settings = runner.limit_settings(req["limits"])
    tracebacks.keep_full(req.get("tracebacks"))
    slot.set_memory(req["limits"])
    scratch_dir = slot.scratch.make()
    read_ends, write_ends = zip(*(os.pipe() for _ in range(3)))
    setup_r, setup_w = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        for fd in (*read_ends, setup_r):
            os.close(fd)
        # In a list the child empties (runner.execute): no frame of the child keeps the nonce.
        child_main(compiled, [req.pop("nonce")], settings, write_ends, setup_w, opts, slot, scratch_dir, reference)
        os._exit(protocol.UNREACHABLE_STATUS)  # unreachable: run_in_child exits
    for fd in (*write_ends, setup_w):
        os.close(fd)
    state, chunks, (out_r, err_r, res_r), waited_ms = collect(pid, read_ends, req["limits"])
    if state != "exited":
        kill_group(pid)
    _, status, usage = os.wait4(pid, 0)
    duration_ms = (time.monotonic() - started) * 1000.0
    setup = slot_hygiene.read_setup_channel(setup_r)
    kill_group(pid)  # the program's process group may outlive its leader
    kill_leftovers(opts, slot.judge)
    for fd in read_ends:
        os.close(fd)
    result = outcome(status, usage, state, chunks, res_r, err_r, duration_ms, waited_ms)
    if slot.killed_for_memory():
        result["memoryExceeded"] = True
    result.update(slot.after_sample(scratch_dir))
    if setup != b"k":  # the worker answers with an infra error and passk rebuilds the slot
        raise setup_failure(setup)
    return {"id": req["id"], **result}


def outcome(status, usage, state, chunks, res_r, err_r, duration_ms, waited_ms=None):
    """What the TypeScript side needs of one finished process (shared with exec_worker)."""
    result = {
        "exitCode": os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else None,
        "signal": signal.Signals(os.WTERMSIG(status)).name if os.WIFSIGNALED(status) else None,
        "timedOut": state == "timeout",
        "outputExceeded": state == "output-limit",
        "report": b"".join(chunks[res_r]).decode("utf-8", "replace"),
        "stderrTail": b"".join(chunks[err_r]).decode("utf-8", "replace"),
        "durationMs": round(duration_ms, 3),
        "cpuMs": round((usage.ru_utime + usage.ru_stime) * 1000.0, 3),
    }
    if waited_ms is not None:
        result["waitMs"] = round(min(waited_ms, duration_ms), 3)
    return result
