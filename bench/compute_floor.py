"""The floors of bench/exec.ts: every program exec'd in one interpreter, or in a child forked per program.

Reads a JSON list of program sources on stdin; each runs in fresh globals as `__main__`, with
no isolation and no limit (exec.ts passes loop-free programs). With `--fork N`, this warm
interpreter forks once per program (at most N children at a time) and the child compiles and
runs it, then `_exit`s: the cost of a process per program without any isolation, which is the
least a fork-per-program judge can pay. Prints "PASSED CPU_MS": how many ran to the end without
raising, and the CPU time in ms of this process and its children, start-up included.
"""

import json
import os
import resource
import sys


def run(source):
    try:
        exec(compile(source, "program.py", "exec"), {"__name__": "__main__"})
        return True
    except BaseException:
        return False


def in_children(programs, slots):
    passed = 0
    running = 0
    for source in programs:
        if running == slots:
            _, status = os.wait()
            running -= 1
            passed += status == 0
        if os.fork() == 0:
            ok = run(source)
            sys.stdout.flush()
            os._exit(0 if ok else 1)
        running += 1
    for _ in range(running):
        _, status = os.wait()
        passed += status == 0
    return passed


def main():
    programs = json.load(sys.stdin)
    if len(sys.argv) == 3 and sys.argv[1] == "--fork":
        passed = in_children(programs, int(sys.argv[2]))
    else:
        passed = sum(run(source) for source in programs)
    cpu = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        cpu += usage.ru_utime + usage.ru_stime
    print(passed, cpu * 1000)


main()
