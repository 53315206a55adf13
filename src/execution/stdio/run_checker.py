# Runs a problem's testlib checker on a candidate's outputs, inside the judge's checker sandbox
# (stdio/checker-judge.ts): the candidate has ended by then and never shares this
# sandbox; the answers are here and nowhere the candidate ran. For each case named on the command
# line: CHECKER INPUTS/<case>.in OUTPUTS/<case>.out out/<case>.out, as testlib's argv wants (input,
# participant's output, jury's answer), under a CPU limit. Writes one JSON line per case on
# stdout: the case, the checker's exit code (testlib: 0 ok, 1 wrong answer, 2 presentation error,
# 3 fail, ...; -1 when it ran over its limit) and the end of what it said.
#
# Usage: python3 run_checker.py TESTS_DIR INPUTS_DIR OUTPUTS_DIR LIMIT_S CASE...
import json
import resource
import subprocess
import sys

TESTS, INPUTS, OUTPUTS, LIMIT_S = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])


def cpu_limit():
    seconds = int(LIMIT_S) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds))
    resource.setrlimit(resource.RLIMIT_STACK, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))


def check(case):
    argv = [TESTS + "/checker", "%s/%s.in" % (INPUTS, case), "%s/%s.out" % (OUTPUTS, case),
            "%s/out/%s.out" % (TESTS, case)]
    try:
        done = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True,
                              timeout=3 * LIMIT_S + 1, preexec_fn=cpu_limit)
    except subprocess.TimeoutExpired:
        return {"case": case, "code": -1, "said": "the checker ran over its limit"}
    said = (done.stderr + done.stdout).decode("utf-8", "replace").strip()[-300:]
    return {"case": case, "code": done.returncode, "said": said}


for name in sys.argv[5:]:
    print(json.dumps(check(name)), flush=True)
