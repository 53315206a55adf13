"""passk warm exec worker: a fork-exec server for languages that are not Python.

Started once per worker slot (inside bubblewrap for the 'bwrap' sandbox), like worker.py, and
speaking the same JSON-lines protocol. Each request carries a `plan` (see runtimes/exec-plan.ts):
files to write into a fresh private scratch dir, an optional compile step, and the run step. Both
steps are real processes (execve) under the same regime as Python programs: their own process
group, rlimits, the slot's unprivileged uid, the worker's seccomp filter (inherited), fds 0 =
/dev/null, 1/2 = capped pipes, 3 = the result channel, a wall-clock deadline and leftover killing.

Compiled artifacts are cached by the plan's content key under --artifacts: the compiler writes into
the scratch dir as the program's uid; only this worker (trusted) copies the outputs into the cache,
so a program can read cached artifacts but never change one.

argv: --scratch DIR [--uid UID] [--pid-namespace] [--artifacts DIR]
"""

import json
import os
import shutil
import signal
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fork_run  # noqa: E402
import runner  # noqa: E402
import worker  # noqa: E402

sys.path.pop(0)

COMPILE_TAIL = 4096


class Options(worker.Options):
    def __init__(self, argv):
        super().__init__([a for a in argv])
        self.artifacts = None
        args = iter(argv)
        for arg in args:
            if arg == "--artifacts":
                self.artifacts = next(args)


def exec_child(argv, env, settings, pipes, uid, cwd):
    """Forked child: stdio onto the capture pipes, limits, uid drop, then execve. Never returns."""
    try:
        fork_run.attach_pipes(pipes, cwd)
        os.setsid()
        # Python ignores SIGPIPE and SIGXFSZ; ignored signals survive execve, so restore them.
        for sig in (signal.SIGPIPE, signal.SIGXFSZ):
            signal.signal(sig, signal.SIG_DFL)
        runner.apply_limits(settings)
        if uid is not None:
            # A runtime without raw-fd access (the JVM) opens /proc/self/fd/3, which checks the
            # pipe's owner: make it the program's uid.
            os.fchown(runner.RESULT_FD, uid, uid)
            runner.drop_privileges(uid)
    except BaseException as error:  # noqa: BLE001
        os.write(2, ("passk runner setup failed: %r\n" % (error,)).encode())
        os._exit(70)
    try:
        os.execve(argv[0], argv, env)
    except OSError as error:
        os.write(2, ("passk exec failed: %s: %s\n" % (argv[0], error)).encode())
    os._exit(127)


def run_step(argv, env, limits, opts, cwd):
    """Runs one process to completion under `limits`; returns the RawOutcome fields."""
    settings = runner.limit_settings(limits)
    read_ends, write_ends = zip(*(os.pipe() for _ in range(3)))
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        for fd in read_ends:
            os.close(fd)
        exec_child(argv, env, settings, write_ends, opts.uid, cwd)
    for fd in write_ends:
        os.close(fd)
    state, chunks, (out_r, err_r, res_r) = fork_run.collect(pid, read_ends, limits)
    if state != "exited":
        fork_run.kill_group(pid)
    _, status, usage = os.wait4(pid, 0)
    duration_ms = (time.monotonic() - started) * 1000.0
    fork_run.kill_group(pid)
    fork_run.kill_leftovers(opts)
    for fd in read_ends:
        os.close(fd)
    err = b"".join(chunks[err_r])
    if os.WIFEXITED(status) and os.waitstatus_to_exitcode(status) in (70, 127) and err.startswith(b"passk "):
        # The toolchain is missing from the sandbox or set-up failed: the machine's fault.
        raise RuntimeError(err.decode("utf-8", "replace").strip()[:300])
    return fork_run.outcome(status, usage, state, chunks, res_r, err_r, duration_ms)


def write_files(scratch, files, uid):
    for name, text in files.items():
        path = os.path.join(scratch, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        if uid is not None:
            os.chown(path, uid, uid)


def store_artifacts(scratch, outputs, target):
    """Copies compiler outputs into the cache atomically (a temp dir renamed into place)."""
    staging = tempfile.mkdtemp(prefix=".tmp-", dir=os.path.dirname(target))
    for name in outputs:
        source, dest = os.path.join(scratch, name), os.path.join(staging, name)
        if os.path.isdir(source):
            shutil.copytree(source, dest)
        else:
            shutil.copy2(source, dest)
    os.chmod(staging, 0o755)
    try:
        os.rename(staging, target)
    except OSError:  # another worker stored the same key first: same content, keep theirs
        shutil.rmtree(staging, ignore_errors=True)


def compile_step(plan, base_env, opts, scratch):
    """Compiles (or finds the cached artifacts). Returns (artifacts_dir, compile_info)."""
    step = plan["compile"]
    key = step["key"]
    cached = None
    if opts.artifacts is not None:
        cached = os.path.join(opts.artifacts, key[:2], key)
        os.makedirs(os.path.dirname(cached), exist_ok=True)
        failure = cached + ".failed.json"
        if os.path.isdir(cached):
            return cached, {"ok": True, "cached": True, "durationMs": 0}
        if os.path.exists(failure):
            with open(failure, encoding="utf-8") as handle:
                return None, dict(json.load(handle), cached=True)
    root = opts.artifacts or scratch
    expand = lambda v: v.replace("{scratch}", scratch).replace("{cache}", root)  # noqa: E731
    env = dict(base_env, **{k: expand(v) for k, v in step.get("env", {}).items()})
    outcome = run_step([expand(a) for a in step["argv"]], env, step["limits"], opts, scratch)
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
    if cached is None:
        return (scratch if ok else None), info
    if ok:
        store_artifacts(scratch, step["outputs"], cached)
        return cached, info
    if not outcome["timedOut"] and not outcome["outputExceeded"]:  # a machine-dependent failure is retried
        with open(cached + ".failed.json", "w", encoding="utf-8") as handle:
            json.dump({k: info[k] for k in ("ok", "exitCode", "signal", "stderrTail", "durationMs")}, handle)
    return None, info


def fill(value, scratch, artifacts):
    return value.replace("{scratch}", scratch).replace("{artifacts}", artifacts or scratch)


def run_one(req, opts):
    plan = req["plan"]
    scratch = tempfile.mkdtemp(prefix="run-", dir=opts.scratch)
    try:
        if opts.uid is not None:
            os.chown(scratch, opts.uid, opts.uid)
        write_files(scratch, plan.get("files", {}), opts.uid)
        base_env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch, "TMPDIR": scratch}
        artifacts, compiled = None, None
        if plan.get("compile"):
            artifacts, compiled = compile_step(plan, base_env, opts, scratch)
            if not compiled["ok"]:
                return failed_compile(req, compiled)
        run = plan["run"]
        env = dict(base_env, PASSK_NONCE=req["nonce"])
        env.update({k: fill(v, scratch, artifacts) for k, v in run.get("env", {}).items()})
        limits = dict(req["limits"], **run.get("limits", {}))
        outcome = run_step([fill(a, scratch, artifacts) for a in run["argv"]], env, limits, opts, scratch)
        outcome["id"] = req["id"]
        if compiled is not None:
            outcome["compile"] = compiled
        return outcome
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def failed_compile(req, compiled):
    return {
        "id": req["id"],
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
    proto_in, proto_out = worker.take_protocol_fds()
    worker.become_subreaper()
    runner.seccomp.install()

    def send(message):
        proto_out.write((json.dumps(message) + "\n").encode())

    send({"ready": True, "pid": os.getpid()})
    import io

    reader = io.BufferedReader(proto_in)
    for line in iter(reader.readline, b""):
        request = json.loads(line)
        try:
            send(run_one(request, opts))
        except Exception as error:  # noqa: BLE001 - the worker's own failure: an infra error
            send({"id": request["id"], "infra": "%s: %s" % (type(error).__name__, error)})


if __name__ == "__main__":
    main()
