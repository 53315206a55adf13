"""openai/human-eval's evaluation method, re-implemented for bench/exec.ts (our own code).

What it keeps from human-eval's evaluate_functional_correctness: a thread pool (default 4
threads) over the samples; per sample a multiprocessing Manager list for the result and a process
forked from this running interpreter, which enters a fresh temporary directory, disables
destructive functions (the "reliability guard"), swallows stdio and execs
prompt + completion + test + check(entry_point) under a SIGALRM time limit (3 s); the parent
waits timeout + 1 s and terminates a child still alive. Then pass@1 and a results file.
Usage: python3 humaneval_method.py PROBLEMS.jsonl.gz SAMPLES.jsonl OUT.jsonl [workers] [timeout]
"""

import builtins
import contextlib
import faulthandler
import gzip
import io
import json
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor


class Timeout(Exception):
    pass


class NoReadIO(io.StringIO):
    def read(self, *args, **kwargs):
        raise OSError

    readline = read
    readlines = read

    def readable(self, *args, **kwargs):
        return False


@contextlib.contextmanager
def alarm(seconds):
    def fire(signum, frame):
        raise Timeout("Timed out!")

    previous = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def guard():
    """Disable what could damage the harness (not a sandbox), as human-eval's guard does."""
    faulthandler.disable()
    builtins.exit = None
    builtins.quit = None
    os.environ["OMP_NUM_THREADS"] = "1"
    for name in (
        "kill system putenv remove removedirs rmdir fchdir setuid fork forkpty killpg rename "
        "renames truncate replace unlink fchmod fchown chmod chown chroot lchflags lchmod "
        "lchown getcwd chdir"
    ).split():
        setattr(os, name, None)
    shutil.rmtree = None
    shutil.move = None
    shutil.chown = None
    subprocess.Popen = None
    builtins.help = None
    for name in ("ipdb", "joblib", "resource", "psutil", "tkinter"):
        sys.modules[name] = None  # pyright: ignore[reportArgumentType] - None blocks the import, as human-eval does


def child(program, timeout, result):
    with tempfile.TemporaryDirectory() as workdir:
        keep = (shutil.rmtree, os.rmdir, os.chdir)
        here = os.getcwd()
        os.chdir(workdir)
        guard()
        try:
            sink = NoReadIO()
            with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
                saved_stdin, sys.stdin = sys.stdin, sink
                try:
                    with alarm(timeout):
                        exec(program, {})
                finally:
                    sys.stdin = saved_stdin
            result.append("passed")
        except Timeout:
            result.append("timed out")
        except BaseException as error:
            result.append(f"failed: {error}")
        shutil.rmtree, os.rmdir, os.chdir = keep
        os.chdir(here)


def check(problem, completion, timeout):
    manager = multiprocessing.Manager()
    result = manager.list()
    program = (
        problem["prompt"] + completion + "\n" + problem["test"] + "\n"
        + f"check({problem['entry_point']})"
    )
    process = multiprocessing.Process(target=child, args=(program, timeout, result))
    process.start()
    process.join(timeout=timeout + 1)
    if process.is_alive():
        process.terminate()
        process.join()
    outcome = result[0] if result else "timed out"
    manager.shutdown()
    return outcome


def main():
    problems_path, samples_path, out_path = sys.argv[1:4]
    workers = int(sys.argv[4]) if len(sys.argv) > 4 else 4
    timeout = float(sys.argv[5]) if len(sys.argv) > 5 else 3.0
    with gzip.open(problems_path, "rt") as handle:
        problems = {row["task_id"]: row for row in map(json.loads, handle) if row}
    with open(samples_path) as handle:
        samples = [json.loads(line) for line in handle if line.strip()]
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [
            pool.submit(check, problems[s["task_id"]], s["completion"], timeout) for s in samples
        ]
        try:
            outcomes = [future.result() for future in futures]
        except KeyboardInterrupt:
            # Ctrl-C: leaving the block would still run every queued sample; drop those.
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    with open(out_path, "w") as handle:
        for sample, outcome in zip(samples, outcomes):
            row = {**sample, "result": outcome, "passed": outcome == "passed"}
            handle.write(json.dumps(row) + "\n")
    passed = sum(outcome == "passed" for outcome in outcomes)
    timed_out = sum(outcome == "timed out" for outcome in outcomes)
    print(json.dumps({"programs": len(samples), "passed": passed, "timedOut": timed_out}))


if __name__ == "__main__":
    multiprocessing.set_start_method("fork")
    main()
