"""The fork floor of a HumanEval samples file (bench/judge.ts): what running each program in its own
process costs here with no isolation at all, measured end to end.

argv: PROGRAMS_JSONL SLOTS LIMIT_S (one JSON string per line, read one at a time so the forked
image stays as small as a worker's). A warm interpreter (the modules HumanEval programs import
already loaded, its heap frozen as passk's worker freezes it) forks once per program, at most
SLOTS children at a time; each child compiles and runs its program with stdout and stderr on
/dev/null, stopped by SIGPROF after LIMIT_S seconds of its own CPU (as passk counts a time
limit), and exits 0 if the program ran to the end, 1 if it raised. No sandbox, no uid, no
rlimits, no capture, no judge process, no traceback: the least a judge that runs each program in
its own process pays on this machine. The caller times this process from outside (wall, and
the CPU of it and its children). Prints one JSON line: passed, failed, timed_out.
"""

import gc
import json
import os
import signal
import sys

# What HumanEval programs import, loaded once before any fork, as passk's worker preloads them
# (worker.PRELOAD, less the modules the worker itself needs; not imported from there: the
# worker's own modules would enlarge every forked image here).
PRELOAD = "math re collections itertools functools heapq bisect string typing hashlib copy operator".split()


def child(source, limit_s):
    signal.setitimer(signal.ITIMER_PROF, limit_s)  # SIGPROF's default action ends the process
    try:
        exec(compile(source, "program.py", "exec"), {"__name__": "__main__"})
        status = 0
    except BaseException:  # noqa: BLE001 - any failure of the program is a failed program
        status = 1
    os._exit(status)


def tally(counts, status):
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGPROF:
        counts["timed_out"] += 1
    elif os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
        counts["passed"] += 1
    else:
        counts["failed"] += 1


def main():
    path, slots, limit_s = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    for name in PRELOAD:
        __import__(name)
    answer = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    gc.freeze()
    counts = {"passed": 0, "failed": 0, "timed_out": 0}
    running = 0
    with open(path, encoding="utf-8") as programs:
        for line in programs:
            source = json.loads(line)
            if running == slots:
                tally(counts, os.wait()[1])
                running -= 1
            if os.fork() == 0:
                child(source, limit_s)
            running += 1
    for _ in range(running):
        tally(counts, os.wait()[1])
    os.write(answer, (json.dumps(counts) + "\n").encode())


main()
