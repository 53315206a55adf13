"""The compute floor of bench/exec.ts: every program exec'd once in this one interpreter.

Reads a JSON list of program sources on stdin; each runs in fresh globals as `__main__`, with
no isolation and no limit (exec.ts passes loop-free programs). Prints "PASSED CPU_MS": how many
ran to the end without raising, and this process's CPU time in ms, start-up included.
"""

import json
import resource
import sys


def main():
    programs = json.load(sys.stdin)
    passed = 0
    for source in programs:
        try:
            exec(compile(source, "program.py", "exec"), {"__name__": "__main__"})
            passed += 1
        except BaseException:
            pass
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(passed, (usage.ru_utime + usage.ru_stime) * 1000)


main()
