"""The physical floor of a HumanEval samples file (bench/judge.ts).

Reads {"programs": [...], "forks": N, "limit_s": S} as JSON on stdin and prints one JSON line:
- compute_ms: CPU of exec'ing every program once in this one warm interpreter (fresh globals,
  stdout and stderr discarded, any exception caught): the programs' own compute;
- fork_ms: CPU (parent + child) of one fork + _exit + wait of this interpreter (measured before the
  programs run), the least a process per program costs;
- passed: how many programs ran to the end without raising;
- timed_out: how many were stopped at the time limit (CPU time, as passk counts it; a wrong
  answer can loop too), their CPU counted in compute_ms.
The caller leaves out programs that never end (their floor is the time limit's CPU).
"""

import json
import os
import resource
import signal
import sys


class Limit(BaseException):
    pass


def on_limit(signum, frame):
    raise Limit()


def cpu_ms(who):
    usage = resource.getrusage(who)
    return (usage.ru_utime + usage.ru_stime) * 1000


def run_one(source, limit_s):
    signal.setitimer(signal.ITIMER_PROF, limit_s)
    try:
        exec(compile(source, "program.py", "exec"), {"__name__": "__main__"})
        return "passed"
    except Limit:
        return "timeout"
    except BaseException:
        return "failed"
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)


def run_programs(programs, limit_s):
    counts = {"passed": 0, "timeout": 0, "failed": 0}
    devnull = open(os.devnull, "w")
    real_out, real_err = sys.stdout, sys.stderr
    signal.signal(signal.SIGPROF, on_limit)
    start = cpu_ms(resource.RUSAGE_SELF)
    for source in programs:
        sys.stdout, sys.stderr = devnull, devnull
        try:
            counts[run_one(source, limit_s)] += 1
        finally:
            sys.stdout, sys.stderr = real_out, real_err
    return counts, cpu_ms(resource.RUSAGE_SELF) - start


def fork_exit_ms(count):
    if count == 0:
        return 0.0
    start = cpu_ms(resource.RUSAGE_SELF) + cpu_ms(resource.RUSAGE_CHILDREN)
    for _ in range(count):
        pid = os.fork()
        if pid == 0:
            os._exit(0)
        os.waitpid(pid, 0)
    spent = cpu_ms(resource.RUSAGE_SELF) + cpu_ms(resource.RUSAGE_CHILDREN) - start
    return spent / count


def main():
    request = json.load(sys.stdin)
    # Forks first: after thousands of programs the heap (and so each fork's page tables) is
    # larger than a worker's that runs one program per fork.
    fork = fork_exit_ms(request["forks"])
    counts, compute = run_programs(request["programs"], request["limit_s"])
    print(json.dumps({"passed": counts["passed"], "timed_out": counts["timeout"], "compute_ms": compute, "fork_ms": fork}))


main()
