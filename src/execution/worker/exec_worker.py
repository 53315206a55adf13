"""passk warm exec worker: a fork-exec server for languages that are not Python.

Started once per worker slot (inside bubblewrap for the 'bwrap' sandbox), like worker.py, and
speaking the same JSON-lines protocol. Each request carries a `plan` (see worker/protocol.ts, ExecPlan):
files to write into a fresh private scratch dir, an optional compile step, and the run step. Both
steps are real processes (execve) under the same regime as Python programs: their own process
group, rlimits, the slot's unprivileged uid, the worker's seccomp filter (inherited), fds 0 =
/dev/null, 1/2 = capped pipes, 3 = the result channel, a time limit (the run step: its own time,
fork_run.Clock; the compile step: the wall clock) and leftover killing.

Compiled artifacts are cached by the plan's content key under --artifacts (see artifact_cache.py:
capped in size, least recently used evicted first): the compiler writes into the scratch dir as the
program's uid; only this worker (trusted) copies the outputs into the cache, so a program can read
cached artifacts but never change one. A compile failure is cached only when it is the program's
(a plain non-zero exit), never one the machine may have caused (a signal, a limit, a full disk).

Harness failures (set-up, a missing toolchain) come back on the child's setup pipe, which is closed
on exec: nothing the program prints or exits with can make passk report an infrastructure error.

argv: --scratch DIR [--uid UID] [--pid-namespace] [--artifacts DIR] [--private-tmp B:I] [--cgroup DIR]
"""

import fcntl
import json
import os
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import artifact_cache  # noqa: E402
import fork_run  # noqa: E402
import protocol  # noqa: E402
import runner  # noqa: E402
import worker  # noqa: E402

sys.path.pop(0)

COMPILE_TAIL = protocol.COMPILE_TAIL
# Compiler output that says the machine, not the program, made the compile fail: never cached.
ENVIRONMENT_FAILURES = (
    "No space left on device",
    "Cannot allocate memory",
    "virtual memory exhausted",
    "out of memory",
    "Killed signal",
    "Resource temporarily unavailable",
    "File size limit exceeded",
    "signal terminated program",
    # A file the compiler was told to use is missing (e.g. a dependency still being built): the
    # program's own missing #include is not cached either, which only costs a recompile.
    "No such file or directory",
    "does not exist",
    # Go without its seeded build cache (not built yet, or its seeding failed): the machine's.
    "failed to initialize build cache",
    "cannot find package",
)


class Options(worker.Options):
    def __init__(self, argv):
        super().__init__(argv)
        self.artifacts = None
        args = iter(argv)
        for arg in args:
            if arg == "--artifacts":
                self.artifacts = next(args)


# The run step's nonce: the only copy is in a pipe on this fd (never in the environment, argv or
# a file), which passk's harness code reads to the end and closes before the program's own code
# runs. A program that drains it first leaves the harness without a nonce: never a pass.
NONCE_FD = protocol.NONCE_FD


def give_nonce(nonce):
    """In the forked child, after attach_pipes: the nonce in a pipe on NONCE_FD, write end closed
    (the program cannot put anything back), inherited across execve."""
    read_end, write_end = os.pipe()
    os.write(write_end, nonce.encode("ascii"))
    os.close(write_end)
    if read_end != NONCE_FD:
        os.dup2(read_end, NONCE_FD)
        os.close(read_end)
    os.set_inheritable(NONCE_FD, True)


def exec_child(argv, env, settings, pipes, setup_w, slot, cwd, nonce=None):
    """Forked child: stdio onto the capture pipes, limits, uid drop, then execve. Never returns.
    Failures go on the setup channel (close-on-exec, so the program never holds it)."""
    try:
        if slot.cgroup is not None:
            slot.cgroup.join()
        fork_run.attach_pipes(pipes, cwd, setup_w)
        if nonce is not None:
            give_nonce(nonce)
        os.setsid()
        # Python ignores SIGPIPE and SIGXFSZ; ignored signals survive execve, so restore them.
        for sig in (signal.SIGPIPE, signal.SIGXFSZ):
            signal.signal(sig, signal.SIG_DFL)
        runner.apply_limits(settings)
        if slot.uid is not None:
            # A runtime without raw-fd access (the JVM) opens /proc/self/fd/RESULT_FD, which checks the
            # pipe's owner: make it the program's uid.
            os.fchown(runner.RESULT_FD, slot.uid, slot.uid)
            if nonce is not None:
                os.fchown(NONCE_FD, slot.uid, slot.uid)
            runner.drop_privileges(slot.uid)
    except BaseException as error:  # noqa: BLE001
        _say(fork_run.SETUP_FD, "E%r" % (error,))
        os._exit(protocol.HARNESS_FAILED_STATUS)
    try:
        os.execve(argv[0], argv, env)
    except BaseException as error:  # noqa: BLE001
        _say(fork_run.SETUP_FD, "X%d:%s" % (getattr(error, "errno", None) or 0, error))
    os._exit(127)


def _say(fd, text):
    try:
        os.write(fd, text.encode("utf-8", "replace"))
    except OSError:
        pass


def exec_failure(argv0, data, program_dirs):
    """An exec that failed. The program's own binary (in its scratch dir or the artifact cache)
    that the kernel refuses is the program's error (even ENOENT, when the binary exists but names
    a missing ELF interpreter); a missing binary or toolchain is the machine's."""
    code, _, why = data[1:].decode("utf-8", "replace").partition(":")
    own = any(argv0.startswith(d.rstrip("/") + "/") for d in program_dirs if d)
    if own and code.isdigit() and int(code) != 0 and os.path.exists(argv0):
        return "could not execute the program: %s" % why
    raise fork_run.SetupFailed("exec failed: %s" % why[:300])


def run_step(argv, env, limits, slot, cwd, program_dirs=(), nonce=None):
    """Runs one process to completion under `limits`; returns the RawOutcome fields. `nonce`: the
    run step's, given on NONCE_FD (the compile step gets none)."""
    settings = runner.limit_settings(limits)
    slot.set_memory(limits)
    read_ends, write_ends = zip(*(os.pipe() for _ in range(3)))
    setup_r, setup_w = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        for fd in (*read_ends, setup_r):
            os.close(fd)
        exec_child(argv, env, settings, write_ends, setup_w, slot, cwd, nonce)
    for fd in (*write_ends, setup_w):
        os.close(fd)
    state, chunks, (out_r, err_r, res_r), waited_ms = fork_run.collect(pid, read_ends, limits)
    if state != "exited":
        fork_run.kill_group(pid)
    _, status, usage = os.wait4(pid, 0)
    duration_ms = (time.monotonic() - started) * 1000.0
    setup = fork_run.slot_hygiene.read_setup_channel(setup_r)
    fork_run.kill_group(pid)
    fork_run.kill_leftovers(slot.opts)
    for fd in read_ends:
        os.close(fd)
    result = fork_run.outcome(status, usage, state, chunks, res_r, err_r, duration_ms, waited_ms)
    if slot.killed_for_memory():
        result["memoryExceeded"] = True
    if setup.startswith(b"X"):
        result["stderrTail"] = exec_failure(argv[0], setup, program_dirs)
    elif setup:
        raise fork_run.setup_failure(setup)
    return result


def _well_formed(text):
    """Lone surrogates (valid in a JS string, not in UTF-8) become U+FFFD, as Node writes them."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace").encode("utf-8")


def write_files(scratch, files, uid):
    """Writes the program's files. Returns None, or why not (e.g. larger than the scratch tmpfs:
    the program's own error, since its scratch dir starts empty on an empty file system)."""
    try:
        for name, text in files.items():
            path = os.path.join(scratch, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as handle:
                handle.write(_well_formed(text))
            if uid is not None:
                os.chown(path, uid, uid)
    except OSError as error:
        return "could not write the program's files: %s" % (error.strerror or error)
    return None


def _program_fault(outcome):
    """A compile failure that is the program's: a plain non-zero exit, nothing the machine did."""
    if outcome["timedOut"] or outcome["outputExceeded"] or outcome.get("memoryExceeded"):
        return False
    if outcome["exitCode"] is None or outcome["exitCode"] == 0:
        return False
    return not any(marker in outcome["stderrTail"] for marker in ENVIRONMENT_FAILURES)


def compile_step(plan, base_env, slot, scratch):
    """Compiles (or finds the cached artifacts). Returns (artifacts_dir, compile_info)."""
    step = plan["compile"]
    key = step["key"]
    cache = slot.artifacts
    if cache is not None:
        found = cache.lookup(key)
        if found and found[0] == "ok":
            return found[1], {"ok": True, "cached": True, "durationMs": 0}
        if found:
            return None, dict(found[1], cached=True)
    root = cache.root if cache is not None else scratch
    expand = lambda v: v.replace("{scratch}", scratch).replace("{cache}", root)  # noqa: E731
    env = dict(base_env, **{k: expand(v) for k, v in step.get("env", {}).items()})
    # A compile keeps a plain wall-clock limit (no backstop beyond it): the watchdog allows the
    # backstop for the run step only (worker-slot.ts).
    limits = dict(step["limits"], wallFactor=1)
    outcome = run_step([expand(a) for a in step["argv"]], env, limits, slot, scratch)
    ok = outcome["exitCode"] == 0 and all(os.path.exists(os.path.join(scratch, o)) for o in step["outputs"])
    info = {
        "ok": ok,
        "cached": False,
        "timedOut": outcome["timedOut"],
        "exitCode": outcome["exitCode"],
        "signal": outcome["signal"],
        "stderrTail": outcome["stderrTail"][-COMPILE_TAIL:],
        "durationMs": outcome["durationMs"],
    }
    if cache is None:
        return (scratch if ok else None), info
    if ok:
        return (cache.store(scratch, step["outputs"], key) or scratch), info
    if _program_fault(outcome):
        cache.store_failure(key, {k: info[k] for k in ("ok", "exitCode", "signal", "stderrTail", "durationMs")})
    return None, info


def batch_step(plan, base_env, slot, scratch):
    """The outputs of a build shared by several programs (plan["batch"], see languages/kit/batch.ts)
    when they include this program, else None (it is then compiled alone, as without a batch).
    Built by the first slot that needs it, under a lock on its cache shard, so the other slots
    wait for it instead of building it too; a batch that did not build is recorded as failed (any
    cause: its members then just compile alone) and never tried again."""
    batch, cache = plan.get("batch"), slot.artifacts
    if batch is None or cache is None:
        return None
    key = batch["key"]
    shard = os.path.dirname(cache.path(key))
    os.makedirs(shard, exist_ok=True)
    lock = os.open(shard, os.O_RDONLY)
    try:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            waited = False
        except BlockingIOError:
            fcntl.flock(lock, fcntl.LOCK_EX)
            waited = True
        found = cache.lookup(key)
        if found is None and not waited:
            found = _build_batch(batch, base_env, slot, scratch, cache)
    finally:
        os.close(lock)
    if not found or found[0] != "ok":
        return None
    try:
        with open(os.path.join(found[1], "members"), encoding="utf-8") as handle:
            members = handle.read().split()
    except OSError:
        return None
    if batch["member"] in members:
        return found[1]
    return _batch_compile_error(found[1], batch["member"])


def _batch_compile_error(built, member):
    """The member's own compile error, kept by a JVM batch (java-batch.ts: `classes/<member>.error`,
    its exit status, a newline, what the compiler printed as it prints it alone), as compile_step
    reports a failed compile; None when there is none (the member then compiles alone)."""
    try:
        with open(os.path.join(built, "classes", member + ".error"), "rb") as handle:
            status, _, printed = handle.read().partition(b"\n")
    except OSError:
        return None
    # Cut as a compile step cuts its stderr: the last bytes, decoded, then the last characters.
    tail = printed[-fork_run.STDERR_TAIL :].decode("utf-8", "replace")[-COMPILE_TAIL:]
    if any(marker in tail for marker in ENVIRONMENT_FAILURES):
        return None
    return {"ok": False, "cached": True, "batch": True, "timedOut": False, "exitCode": int(status), "signal": None, "stderrTail": tail, "durationMs": 0}


def _build_batch(batch, base_env, slot, scratch, cache):
    work = os.path.join(scratch, "batch")
    os.mkdir(work)
    if slot.uid is not None:
        os.chown(work, slot.uid, slot.uid)
    if write_files(work, batch["files"], slot.uid) is not None:
        return None
    root = cache.root
    expand = lambda v: v.replace("{scratch}", work).replace("{cache}", root)  # noqa: E731
    env = dict(base_env, HOME=work, TMPDIR=work, **{k: expand(v) for k, v in batch.get("env", {}).items()})
    outcome = run_step([expand(a) for a in batch["argv"]], env, batch["limits"], slot, work)
    if outcome["exitCode"] == 0 and all(os.path.exists(os.path.join(work, o)) for o in batch["outputs"]):
        stored = cache.store(work, batch["outputs"], batch["key"])
        if stored:
            return "ok", stored
    why = {"ok": False, "batch": True, "exitCode": outcome["exitCode"], "stderrTail": outcome["stderrTail"][-COMPILE_TAIL:]}
    cache.store_failure(batch["key"], why)
    return None


def fill(value, scratch, artifacts):
    return value.replace("{scratch}", scratch).replace("{artifacts}", artifacts or scratch)


class ExecSlot(fork_run.SlotState):
    def __init__(self, opts):
        super().__init__(opts)
        self.artifacts = artifact_cache.ArtifactCache(opts.artifacts) if opts.artifacts else None


def run_plan(req, slot, scratch):
    plan = req["plan"]
    problem = write_files(scratch, plan.get("files", {}), slot.uid)
    if problem is not None:
        return failed_write(problem)
    base_env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch, "TMPDIR": scratch}
    artifacts, compiled, run = None, None, plan["run"]
    started = time.monotonic()
    shared = batch_step(plan, base_env, slot, scratch)
    if isinstance(shared, dict):
        return failed_compile(shared)
    if shared is not None:
        artifacts, run = shared, plan["batch"]["run"]
        compiled = {"ok": True, "cached": True, "batch": True, "durationMs": (time.monotonic() - started) * 1000.0}
    elif plan.get("compile"):
        artifacts, compiled = compile_step(plan, base_env, slot, scratch)
        if not compiled["ok"]:
            return failed_compile(compiled)
    env = dict(base_env)
    env.update({k: fill(v, scratch, artifacts) for k, v in run.get("env", {}).items()})
    limits = dict(req["limits"], **run.get("limits", {}))
    argv = [fill(a, scratch, artifacts) for a in run["argv"]]
    outcome = run_step(argv, env, limits, slot, scratch, (scratch, artifacts), req["nonce"])
    if compiled is not None:
        outcome["compile"] = compiled
    return outcome


def run_one(req, slot):
    scratch = slot.scratch.make()
    try:
        result = run_plan(req, slot, scratch)
    except BaseException:
        slot.after_sample(scratch)
        raise
    result.update(slot.after_sample(scratch))
    result["id"] = req["id"]
    return result


def failed_write(problem):
    return {
        "exitCode": None,
        "signal": None,
        "timedOut": False,
        "outputExceeded": False,
        "report": "",
        "stderrTail": problem,
        "durationMs": 0,
        "writeFailed": problem,
    }


def failed_compile(compiled):
    return {
        "exitCode": None,
        "signal": None,
        "timedOut": False,
        "outputExceeded": False,
        "report": "",
        "stderrTail": compiled.get("stderrTail", ""),
        "durationMs": compiled.get("durationMs", 0),
        "compile": compiled,
    }


def main():
    opts = Options(sys.argv[1:])
    proto_in, proto_out, tests_in = worker.take_protocol_fds()
    if tests_in is not None:
        os.close(tests_in)  # no outside judging here: nothing is ever written on it
    worker.become_subreaper()
    # Non-dumpable, capped tmpfs: before the filter forbids mount.
    slot, tmp_caps = worker.prepare_slot(opts, ExecSlot)
    runner.seccomp.install(inet=slot.inet())  # bwrap: loopback only, see Loopback

    def send(message):
        proto_out.write((json.dumps(message) + "\n").encode())

    send({"ready": True, "pid": os.getpid(), "tmp": tmp_caps})
    import io

    worker.serve(io.BufferedReader(proto_in), send, lambda request: run_one(request, slot))


if __name__ == "__main__":
    main()
