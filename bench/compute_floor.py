"""The compute floor of bench/exec.ts: every program exec'd in one interpreter.

Reads a JSON list of program sources on stdin; each runs in fresh globals as `__main__`, with
no isolation and no limit (exec.ts passes loop-free programs). Prints "PASSED CPU_MS": how many
ran to the end without raising, and the CPU time in ms of this process and its children,
start-up included.
(The fork floor, a child forked per program, is bench/fork_floor.py.)
"""

import json
import resource
import sys


def run(source):
    try:
        exec(compile(source, "program.py", "exec"), {"__name__": "__main__"})
        return True
    except BaseException:
        return False


def main():
    programs = json.load(sys.stdin)
    passed = sum(run(source) for source in programs)
    cpu = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):  # a program may start processes
        usage = resource.getrusage(who)
        cpu += usage.ru_utime + usage.ru_stime
    print(passed, cpu * 1000)


main()
