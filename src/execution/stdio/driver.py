# The stdin/stdout driver: a Python program run in the sandbox like any other (one sandboxed
# process per candidate, never one per test). It writes the candidate to a file, compiles it when
# the language needs it, then runs it once per test in a child process: the test's input on stdin,
# stdout read from a pipe as it comes (never held whole), a CPU limit (watched while the test runs: a test over it is killed then) and a
# wall-clock kill per test. For each test it writes one JSON line on the result channel (the
# config's result_fd, which the candidate never inherits): the output (or its token digest when it
# is large), the exit status and the CPU time. It stops at the first test that crashes or passes
# its limit. Nothing here knows the expected outputs: they never enter the sandbox, and the verdict
# is decided in passk's process (stdio/judge.ts).
#
# Config: the line passk writes before this file (stdio/program.ts) sets `_PASSK_STDIO`, JSON:
# language, source, inputs, limit_s (per test, CPU), cap (bytes of output reported verbatim),
# compile_s, result_fd (worker/protocol.json's result channel); optional memory_bytes and
# stack_bytes (the address-space and stack limits of each test's process, a judge's memory limit);
# input_paths instead of inputs: files to read each test's stdin from (bound read-only); budget
# (bytes of compressed output reported in all, for a checker that needs whole outputs);
# output_max (bytes of one test's stdout, default 64 MiB).
import base64 as _b64
import hashlib as _h
import json as _json
import os as _os
import resource as _resource
import signal as _signal
import subprocess as _sp
import threading as _threading
import time as _time
import zlib as _zlib

_CFG = _json.loads(globals()["_PASSK_STDIO"])
_sys = __import__("sys")
# The candidate's interpreter runs as the driver's does (passk: -I -S, the standard library only).
_PY = [_sys.executable] + (["-I"] if _sys.flags.isolated else []) + (["-S"] if _sys.flags.no_site else [])
_COMMANDS = {
    "python": {"file": "main.py", "run": _PY + ["main.py"]},
    "cpp": {
        "file": "main.cpp",
        "compile": ["g++", "-std=c++17", "-O2", "-pipe", "-w", "-o", "main", "main.cpp"],
        "run": ["./main"],
    },
    "javascript": {"file": "main.js", "run": ["/usr/bin/node", "main.js"]},
}


def _emit(record):
    data = (_json.dumps(record) + "\n").encode("utf-8", "backslashreplace")
    while data:
        data = data[_os.write(_CFG["result_fd"], data):]


def _tail(path, limit=400):
    try:
        with open(path, "rb") as f:
            f.seek(0, 2)
            f.seek(max(0, f.tell() - limit))
            return f.read().decode("utf-8", "replace")
    except OSError:
        return ""


def _kill_group(pid):
    try:
        _os.killpg(pid, _signal.SIGKILL)
    except OSError:
        pass


def _become_subreaper():
    # PR_SET_CHILD_SUBREAPER: a process the candidate orphans (double fork, setsid) becomes the
    # driver's child, so the driver can kill it after the test and its CPU time counts.
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _children():
    me = str(_os.getpid())
    found = []
    for entry in _os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry, "rb") as f:
                    stat = f.read().decode("ascii", "replace")
            except OSError:
                continue
            if stat[stat.rfind(")") + 2:].split(" ")[1] == me:
                found.append(int(entry))
    return found


def _reap_all():
    # Kills and reaps every process the test left (orphans come here: _become_subreaper), so that
    # none runs on into the next test and the CPU they used is in RUSAGE_CHILDREN.
    while True:
        try:
            pid, _ = _os.waitpid(-1, _os.WNOHANG)
        except ChildProcessError:
            return
        if pid:
            continue
        left = _children()
        for pid in left:
            try:
                _os.kill(pid, _signal.SIGKILL)
            except OSError:
                pass
        if not left:  # not in /proc yet: look again (the program's time limit bounds this)
            _time.sleep(0.001)
            continue
        try:
            _os.waitpid(-1, 0)
        except ChildProcessError:
            return


_TICK = float(_os.sysconf("SC_CLK_TCK"))


def _cpu_of(pid):
    # The process's CPU (all its threads) and that of the children it waited for, in seconds.
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            stat = f.read().decode("ascii", "replace")
    except OSError:
        return 0.0
    fields = stat[stat.rfind(")") + 2:].split(" ")
    return sum(int(x) for x in fields[11:15]) / _TICK


def _watch(pid, limit, killed, done):
    # Stops the test as soon as it is over its CPU limit, not at the wall-clock backstop (3x + 1 s,
    # for a program that sleeps or blocks): a program that loops costs its limit, not 3x + 1 s of
    # CPU. The verdict is the same either way (the CPU counted after the test decides, too).
    deadline = _time.monotonic() + 3 * limit + 1
    while not done.wait(_POLL_S):
        if _time.monotonic() > deadline or _cpu_of(pid) > limit:
            killed.append(1)
            _kill_group(pid)
            return


_POLL_S = 0.02


def _children_cpu():
    usage = _resource.getrusage(_resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _compile(spec, workdir):
    argv = spec.get("compile")
    if not argv:
        return True
    err = _os.path.join(workdir, "compile.err")
    with open(err, "wb") as errf:
        try:
            # LC_ALL=C: plain quotes in the messages, whatever the locale.
            done = _sp.run(argv, cwd=workdir, stdin=_sp.DEVNULL, stdout=errf, stderr=errf,
                           timeout=_CFG["compile_s"], close_fds=True,
                           env=dict(_os.environ, LC_ALL="C"))
            ok = done.returncode == 0
        except _sp.TimeoutExpired:
            _emit({"e": "compile", "m": "compiling took over %d s" % _CFG["compile_s"]})
            return False
    if not ok:
        with open(err, "rb") as errf:
            lines = errf.read().decode("utf-8", "replace").splitlines()
        first = [line for line in lines if "error" in line][:1]
        _emit({"e": "compile", "m": "\n".join(first or lines[-3:])[:600]})
    return ok


def _test_limits():
    # Runs in the test's child before exec (no other thread is running then): a judge's limits.
    for name, key in (("RLIMIT_AS", "memory_bytes"), ("RLIMIT_STACK", "stack_bytes")):
        if _CFG.get(key):
            which = getattr(_resource, name)
            hard = _resource.getrlimit(which)[1]
            want = _CFG[key] if hard == _resource.RLIM_INFINITY else min(_CFG[key], hard)
            _resource.setrlimit(which, (want, hard))


def _run_one(index, argv, workdir):
    limit = float(_CFG["limit_s"])
    paths = [_os.path.join(workdir, name) for name in ("stdin", "stdout", "stderr")]
    if "input_paths" in _CFG:  # large inputs: read-only files the sandbox binds (never copied)
        paths[0] = _CFG["input_paths"][index]
    else:
        with open(paths[0], "wb") as f:
            f.write(_CFG["inputs"][index].encode("utf-8"))
    with open(paths[0], "rb") as fin, open(paths[2], "wb") as ferr:
        limits = _test_limits if _CFG.get("memory_bytes") or _CFG.get("stack_bytes") else None
        child = _sp.Popen(argv, cwd=workdir, stdin=fin, stdout=_sp.PIPE, stderr=ferr,
                          close_fds=True, start_new_session=True, preexec_fn=limits)
    cpu_before = _children_cpu()
    killed = []
    output = _Output(child.pid)
    reader = _threading.Thread(target=output.read_all, args=(child.stdout,), daemon=True)
    reader.start()
    done = _threading.Event()
    watch = _threading.Thread(target=_watch, args=(child.pid, limit, killed, done), daemon=True)
    watch.start()
    # Exited but not reaped yet (WNOWAIT), so its pid is not reused while the watch may kill it.
    _os.waitid(_os.P_PID, child.pid, _os.WEXITED | _os.WNOWAIT)
    done.set()
    watch.join()
    _, status, usage = _os.wait4(child.pid, 0)
    child.returncode = 0  # reaped here (wait4), not by Popen
    _kill_group(child.pid)  # whatever it left behind
    _reap_all()
    reader.join()  # every writer is gone: the pipe is at its end
    # The test's CPU: the child's and that of every process it started, reaped ones and orphans
    # (a too-slow program must not pass by doing its work in a grandchild that outlives it).
    cpu = _children_cpu() - cpu_before
    # Peak resident memory of the test's own process, in KiB (a judge's MLE evidence).
    record = {"e": "t", "i": index, "ms": round(cpu * 1000), "kb": usage.ru_maxrss}
    if output.over:
        record["s"] = "crash"
        record["g"] = "SIGXFSZ"
        record["m"] = "its output passed %d MiB" % (_OUTPUT_MAX >> 20)
    elif killed or cpu > limit:
        record["s"] = "tle"
        # Over its CPU limit: final (load cannot change it). Else the wall-clock backstop.
        record["by"] = "cpu" if cpu > limit else "wall"
    elif _os.WIFSIGNALED(status):
        record["s"] = "crash"
        number = _os.WTERMSIG(status)
        try:
            record["g"] = _signal.Signals(number).name
        except ValueError:
            record["g"] = "signal %d" % number
        record["m"] = _tail(paths[2])
    elif _os.WEXITSTATUS(status) != 0:
        record["s"] = "crash"
        record["c"] = _os.WEXITSTATUS(status)
        record["m"] = _tail(paths[2])
    else:
        record["s"] = "ok"
        output.report(record)
    _emit(record)
    return record["s"] == "ok"


# What is left of `budget` (a checker judge's): the bytes of compressed output still to send.
_SENT = [0]
# A test's stdout beyond this is cut and the test ends as a crash (output_max: a judge's answers
# run to 330 MB; else 64 MiB, the file size limit the candidate had when stdout was a file).
_OUTPUT_MAX = int(_CFG.get("output_max", 64 << 20))


class _TokenDigest:
    # sha256 of the output's tokens joined by single spaces (b" ".join(out.split())), fed in
    # pieces as they come: a token may go on from one piece into the next.
    def __init__(self):
        self.sha = _h.sha256()
        self.started = False
        self.gap = False

    def update(self, piece):
        tokens = piece.split()
        if not tokens:
            self.gap = self.gap or (self.started and bool(piece))
            return
        if self.started and (self.gap or piece[:1].isspace()):
            self.sha.update(b" ")
        self.sha.update(b" ".join(tokens))
        self.started = True
        self.gap = piece[-1:].isspace()


class _Output:
    # A test's stdout read from its pipe as it comes, never held whole: its first `cap` + 1 bytes,
    # with `budget` its zlib compression while the outputs sent so far fit, and its token digest.
    # Past _OUTPUT_MAX the test is killed (`over`).
    def __init__(self, pid):
        self.pid = pid
        self.size = 0
        self.over = False
        self.head = bytearray()
        self.digest = _TokenDigest()
        self.packer = _zlib.compressobj(1) if "budget" in _CFG else None
        self.packed = []
        self.packed_size = 0

    def read_all(self, pipe):
        fd = pipe.fileno()
        while True:
            piece = _os.read(fd, 1 << 20)
            if not piece:
                break
            if not self.over:
                self._take(piece)
        pipe.close()

    def _take(self, piece):
        self.size += len(piece)
        if self.size > _OUTPUT_MAX:
            self.over = True
            _kill_group(self.pid)
            return
        if len(self.head) <= _CFG["cap"]:
            self.head += piece[:_CFG["cap"] + 1 - len(self.head)]
        if self.packer is not None:
            part = self.packer.compress(piece)
            self.packed.append(part)
            self.packed_size += len(part)
            if _SENT[0] + self.packed_size > _CFG["budget"]:
                self.packer = None  # too large to send: its digest only
                self.packed = []
        self.digest.update(piece)

    def report(self, record):
        # Verbatim up to `cap`; with `budget`, compressed while the outputs sent so far fit in it
        # (a checker needs the whole output); else only the digest of its tokens.
        if self.packer is not None:
            packed = b"".join(self.packed) + self.packer.flush()
            if _SENT[0] + len(packed) <= _CFG["budget"]:
                _SENT[0] += len(packed)
                record["z"] = _b64.b64encode(packed).decode("ascii")
                return
        elif "budget" not in _CFG and len(self.head) <= _CFG["cap"]:
            record["o"] = bytes(self.head).decode("utf-8", "replace")
            return
        record["h"] = self.digest.sha.hexdigest()


def _passk_stdio_main():
    spec = _COMMANDS[_CFG["language"]]
    _become_subreaper()
    workdir = _os.path.abspath("passk-stdio")
    _os.mkdir(workdir)
    with open(_os.path.join(workdir, spec["file"]), "w", encoding="utf-8") as f:
        f.write(_CFG["source"])
    if _compile(spec, workdir):
        for index in range(len(_CFG.get("input_paths") or _CFG["inputs"])):
            if not _run_one(index, spec["run"], workdir):
                break
    _emit({"e": "done"})


_passk_stdio_main()
