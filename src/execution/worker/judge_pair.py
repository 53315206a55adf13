"""The worker's side of outside judging: one sample as a forked server child and the slot's judge.

1. passk writes the tests, `testsBytes` long, on the worker's tests channel (a pipe of their own,
   see worker.take_protocol_fds) with the request. The worker never reads that channel, and every
   child it forks closes it before any program code runs, so neither the worker nor any server
   child (a fork of it) ever holds a test source or an expected value in its memory.
2. The server child runs as a candidate runs in-process (its own session, rlimits, the programs'
   uid, the seccomp filter inherited, the reference harness's guard), executes the candidate's
   module code and serves calls (function_server.py).
3. The judge (the worker's uid, non-dumpable like the worker: the candidate cannot ptrace it or
   read its /proc; its own session; kept for the slot, see judge_loop.py and slot_judge.py) gets
   the sample's pipes, reads the tests off their channel itself, runs them (judge_process.py) and
   writes the verdict on a pipe only it and the worker hold, which it closes when done.

The time limit covers the pair (its own time: wall minus both processes' waits for a CPU); when
either limit passes both are killed (the judge is replaced); the sample ends when the verdict pipe
closes or the judge ends. The answer is fork_run's outcome of the server, with the judge's
verdict lines as `report` and `placement: "outside"`.
"""

import os
import time

import fork_run
import function_server
import task_environment
import protocol
import reference_guard
import runner
import slot_hygiene
import slot_judge
import tracebacks

REQUEST_FD, REPLY_FD = function_server.REQUEST_FD, function_server.REPLY_FD
SERVER_SETUP_FD = protocol.SERVER_SETUP_FD
JUDGE_STDERR_KEEP = protocol.JUDGE_STDERR_KEEP


def _server_child(compiled, reference, settings, fds, opts, slot, scratch_dir):
    """The candidate's process. fds: stdout, stderr, requests (read), replies (write), setup."""
    out_w, err_w, request_r, reply_w, setup_w = fds
    try:
        if slot.cgroup is not None:
            slot.cgroup.join()
        for fd, target in ((out_w, 1), (err_w, 2), (request_r, REQUEST_FD), (reply_w, REPLY_FD)):
            os.dup2(fd, target)
        os.dup2(setup_w, SERVER_SETUP_FD)
        os.closerange(SERVER_SETUP_FD + 1, 1 << 16)
        os.chdir(scratch_dir)
        task_environment.enter_sample(scratch_dir)
        os.setsid()
        runner.apply_limits(settings)
        if opts.uid is not None:
            runner.drop_privileges(opts.uid)
        if reference is not None:
            reference_guard.apply(reference, runner)
        os.write(SERVER_SETUP_FD, b"k")
        os.close(SERVER_SETUP_FD)
    except BaseException as error:  # noqa: BLE001 - the harness's failure, on the setup channel
        try:
            os.write(SERVER_SETUP_FD, ("E%r" % (error,)).encode())
        except OSError:
            pass
        os._exit(protocol.HARNESS_FAILED_STATUS)
    try:
        import signal

        signal.signal(signal.SIGPIPE, signal.SIG_IGN)
        runner._fresh_stdio()
        runner._capped_stdio()
        if reference is not None:
            reference_guard.take_stdin()
        function_server.serve(compiled)
    except BaseException:  # noqa: BLE001 - serve() reports the candidate's own failures
        os._exit(1)


class PairClock(fork_run.Clock):
    """The pair's own time: wall minus the time either process waited for a CPU since the sample
    started (the judge's counters run on from earlier samples: counted from `judge_base`, what
    the judge said of itself when its last sample ended; it does not run in between)."""

    def __init__(self, server, judge, judge_base, limits):
        super().__init__(server, limits)
        self.judge = judge
        self.judge_base = judge_base

    def waited(self):
        elapsed = time.monotonic() - self.started
        delays = [fork_run.run_delay(self.pid, elapsed), _judge_delay(self.judge, self.judge_base, elapsed)]
        known = [d for d in delays if d is not None]
        return sum(known) if known else None


def _judge_delay(pid, base, elapsed):
    now = fork_run.cpu_and_wait(pid)
    if base is None or now is None:
        return None
    process_cpu, cpu, delay = (n - b for n, b in zip(now, base))
    return fork_run.wait_credit(process_cpu, [(cpu, delay)], fork_run.CORES, elapsed)


def collect_pair(server, judge, server_pipes, judge_pipes, limits):
    """Reads the server's output and the verdict until the judge closes the verdict pipe or ends
    (or a limit passes). Returns (state, chunks, the wait reported in seconds)."""
    out_r, err_r = server_pipes
    verdict_r, judge_err_r = judge_pipes
    import select

    cap = int(limits["outputBytes"])
    clock = PairClock(server, judge.pid, judge.times, limits)
    keep = {out_r: fork_run.STDERR_TAIL, err_r: fork_run.STDERR_TAIL, verdict_r: 1 << 16, judge_err_r: JUDGE_STDERR_KEEP}
    chunks = {fd: [] for fd in keep}
    sizes = {fd: 0 for fd in keep}
    poller = select.poll()
    for fd in (*keep, judge.pidfd):
        poller.register(fd, select.POLLIN)
    state, ended = "exited", False
    while not ended:
        remaining = clock.remaining()
        if remaining <= 0:
            state = "timeout"
            break
        for fd, _ in poller.poll(remaining * 1000):
            if fd == judge.pidfd:
                ended = True
                continue
            data = os.read(fd, 65536)
            if not data:
                poller.unregister(fd)
                ended = ended or fd == verdict_r
                continue
            sizes[fd] += len(data)
            fork_run.keep_tail(chunks[fd], data, fd in (err_r, judge_err_r), keep[fd])
        if sizes[out_r] > cap or sizes[err_r] > cap:
            state = "output-limit"
            break
    # Always the verdict pipe: its "tests" line says whether the channel is back in step.
    fork_run.drain(set(keep) if state == "exited" else {verdict_r}, chunks, err_r, verdict_r)
    return state, chunks, clock.reported_wait(state)


def run_pair(req, opts, slot, tests_in):
    """One outside-judged sample (see the module doc); its tests wait on `tests_in`, the tests
    channel, read only by the judge."""
    if tests_in is None:
        raise fork_run.SetupFailed("the worker was started without a tests channel")
    source = req["source"]
    compiled = runner.precompile(source) if len(source) <= fork_run.PRECOMPILE_MAX_CHARS else source
    if isinstance(compiled, runner._Split):
        compiled = SyntaxError("the candidate carries the tests marker")
    reference = reference_guard.profile_named(req.get("semantics"))
    if reference is not None:
        reference_guard.prepare(reference, runner)
    settings = runner.limit_settings(req["limits"])
    tracebacks.keep_full(req.get("tracebacks"))
    slot.set_memory(req["limits"])
    if slot.judge is None:
        slot.judge = slot_judge.SlotJudge(same_uid=opts.uid is None)
    judge = slot.judge.for_sample(settings, tests_in)
    scratch_dir = slot.scratch.make()
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    request_r, request_w = os.pipe()
    reply_r, reply_w = os.pipe()
    setup_r, setup_w = os.pipe()
    started = time.monotonic()
    server = os.fork()
    if server == 0:
        for fd in (out_r, err_r, request_w, reply_r, setup_r):
            os.close(fd)
        _server_child(compiled, reference, settings, (out_w, err_w, request_r, reply_w, setup_w), opts, slot, scratch_dir)
        os._exit(protocol.UNREACHABLE_STATUS)
    for fd in (out_w, err_w, request_r, reply_w, setup_w):
        os.close(fd)
    verdict_r, verdict_w = os.pipe()
    judge_err_r, judge_err_w = os.pipe()
    sample_fds = (request_w, reply_r, verdict_w, judge_err_w)
    try:
        judge.send(req, scratch_dir, sample_fds)
    finally:
        for fd in sample_fds:
            os.close(fd)
    state, chunks, waited = collect_pair(server, judge, (out_r, err_r), (verdict_r, judge_err_r), req["limits"])
    return _finish(req, opts, slot, scratch_dir, (server, judge), state, chunks, (out_r, err_r, verdict_r, judge_err_r, setup_r), started, waited)


def _finish(req, opts, slot, scratch_dir, pair, state, chunks, fds, started, waited):
    server, judge = pair
    out_r, err_r, verdict_r, judge_err_r, setup_r = fds
    if b'"e": "gone"' in b"".join(chunks[verdict_r]):
        _await_exit(server)  # its pipe closed as it exited: let the exit itself arrive
    server_status = _exited_status(server)
    fork_run.kill_group(server)
    # A limit passed: the judge may be inside the tests. Else it may have ended on its own.
    judge_exit, judge_cpu = (None, judge.retire()) if state != "exited" else _judge_ended(judge)
    _, status, usage = os.wait4(server, 0) if server_status is None else server_status
    duration_ms = (time.monotonic() - started) * 1000.0
    setup = slot_hygiene.read_setup_channel(setup_r)
    judge_cpu += fork_run.kill_leftovers(opts, slot.judge)  # ends the judge if anything else is left
    if not judge.ended:  # nothing of the sample is left: only now its answer, so none can stop it
        cpu, failed = judge.finish()
        judge_cpu += cpu
        judge_exit = protocol.HARNESS_FAILED_STATUS if failed else None
    for fd in (out_r, err_r, verdict_r, judge_err_r):
        os.close(fd)
    result = fork_run.outcome(status, usage, state, chunks, verdict_r, err_r, duration_ms, None if waited is None else waited * 1000.0)
    result["judgeCpuMs"] = round(judge_cpu, 3)
    result["cpuMs"] = round(result["cpuMs"] + judge_cpu, 3)
    result["placement"] = "outside"
    result["serverEnded"] = server_status is not None
    result["judgeSamples"] = judge.samples
    if judge_exit is not None:
        result["judgeExit"] = judge_exit
        result["judgeStderr"] = b"".join(chunks[judge_err_r]).decode("utf-8", "replace")[-500:]
    if slot.killed_for_memory():
        result["memoryExceeded"] = True
    result.update(slot.after_sample(scratch_dir))
    if setup != b"k":
        raise fork_run.setup_failure(setup)
    if '"e": "tests"' not in result["report"]:
        raise fork_run.SetupFailed("the judge did not take the tests off the channel")
    return {"id": req["id"], **result}


def _judge_ended(judge):
    """(its exit status if not 0, its CPU) for a judge that ended on its own during the sample
    (reaped here), else (None, 0.0) and it lives on."""
    found, status, usage = os.wait4(judge.pid, os.WNOHANG)
    if found == 0:
        return None, 0.0
    cpu = (usage.ru_utime + usage.ru_stime) * 1000.0 - judge.cpu_ms
    judge.reaped()
    exit_code = os.waitstatus_to_exitcode(status)
    return (None if exit_code == 0 else exit_code), max(0.0, cpu)


GONE_GRACE_S = 0.5


def _await_exit(pid):
    """Waits (briefly) for a server whose end of the pipe closed: an os._exit closes its fds just
    before the process ends; one that only closed the pipe and lives on fails the sample."""
    import select

    fd = os.pidfd_open(pid)
    try:
        select.select([fd], [], [], GONE_GRACE_S)
    finally:
        os.close(fd)


def _exited_status(pid):
    """The server's (pid, status, usage) when it already ended on its own, else None."""
    found, status, usage = os.wait4(pid, os.WNOHANG)
    return None if found == 0 else (found, status, usage)
