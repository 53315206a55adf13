# Builds one Library Checker problem's tests, run by passk inside its build sandbox
# (library-checker/build.ts: bubblewrap, no network, read-only system, the problem and common/
# read-only, only the output directory writable). It does what upstream's generate.py does for
# one problem, in passk's own code: params.h from info.toml's [params], the generators, the
# reference solution (sol/correct.cpp) and the checker compiled with g++, every test
# input made by its generator (argument: the test's index in its group) or copied (`*.in`), and
# its answer written by the reference solution. Upstream's verifier is not run: every file is
# checked against upstream's hash.json instead (the inputs upstream verified), which is stronger.
#
# Usage: python3 build_tests.py PROBLEM_DIR COMMON_DIR OUT_DIR
# Writes OUT_DIR/in/<case>.in, OUT_DIR/out/<case>.out, OUT_DIR/checker and OUT_DIR/manifest.json:
# the cases in order with their sizes, the sha256 of every file beside hash.json's (mismatches
# listed) and the seconds each step took. Exits non-zero (a line on stderr says why) when a step fails.
import hashlib
import json
import os
import resource
import shutil
import subprocess
import sys
import time
import tomllib
from typing import NoReturn

PROBLEM, COMMON, OUT = sys.argv[1:4]
WORK = "/tmp/problem"
# Upstream's flags without -Werror/-Wall/-Wextra: a warning of this g++ must not stop a build,
# and warnings change no code.
CXXFLAGS = ["-O2", "-std=c++17", "-w", "-I", COMMON]
STEP_S = 600
timings = {}


def fail(message) -> NoReturn:
    sys.stderr.write(message + "\n")
    sys.exit(1)


def big_stack():
    # Upstream's solutions and generators recurse deeply (it asks for a 256 MiB stack).
    resource.setrlimit(resource.RLIMIT_STACK, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))


def timed(step, fn, *args):
    start = time.monotonic()
    result = fn(*args)
    timings[step] = round(timings.get(step, 0) + time.monotonic() - start, 3)
    return result


def param_line(key, value):
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        fail("params: unsupported value of %s" % key)
    if isinstance(value, int):
        return "#define %s (long long)%d" % (key, value)
    if isinstance(value, float):
        return "#define %s %s" % (key, value)
    return '#define %s "%s"' % (key, value)


def compile_cpp(source):
    binary = source[: -len(".cpp")]
    done = subprocess.run(["g++", *CXXFLAGS, "-o", binary, source], capture_output=True,
                          timeout=STEP_S)
    if done.returncode != 0:
        fail("g++ %s: %s" % (os.path.relpath(source, WORK), done.stderr.decode()[-800:]))
    return [binary]


def command_of(path):
    if path.endswith(".cpp"):
        return timed("compile", compile_cpp, path)
    if path.endswith(".py"):
        return [sys.executable, path]
    fail("no way to run %s" % path)


def case_name(test_name, index):
    return "%s_%02d" % (os.path.splitext(test_name)[0], index)


def run_to_file(argv, out_path, stdin_path=None):
    with open(out_path, "wb") as out, open(stdin_path or os.devnull, "rb") as stdin:
        done = subprocess.run(argv, stdin=stdin, stdout=out, stderr=subprocess.PIPE,
                              timeout=STEP_S, preexec_fn=big_stack, cwd=WORK)
    if done.returncode != 0:
        fail("%s exited with %d: %s" % (" ".join(argv), done.returncode,
                                          done.stderr.decode()[-400:]))


def make_inputs(config, in_dir):
    cases = []
    for test in config["tests"]:
        name, source = test["name"], os.path.join(WORK, "gen", test["name"])
        run = None if name.endswith(".in") else command_of(source)
        for index in range(test["number"]):
            case = case_name(name, index)
            target = os.path.join(in_dir, case + ".in")
            if run is None:
                shutil.copyfile(os.path.join(WORK, "gen", case + ".in"), target)
            else:
                timed("generate", run_to_file, run + [str(index)], target)
            cases.append(case)
    return cases


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def main():
    # The data tree may be read-only: the copy must not be (params.h and binaries go in it).
    shutil.copytree(PROBLEM, WORK, copy_function=shutil.copyfile)
    for root, _, _ in os.walk(WORK):
        os.chmod(root, 0o755)
    with open(os.path.join(WORK, "info.toml"), "rb") as f:
        config = tomllib.load(f)
    with open(os.path.join(WORK, "params.h"), "w") as f:
        f.writelines(param_line(k, v) + "\n" for k, v in config.get("params", {}).items())
    in_dir, out_dir = os.path.join(OUT, "in"), os.path.join(OUT, "out")
    os.makedirs(in_dir)
    os.makedirs(out_dir)
    cases = make_inputs(config, in_dir)
    correct = command_of(os.path.join(WORK, "sol", "correct.cpp")
                         if os.path.exists(os.path.join(WORK, "sol", "correct.cpp"))
                         else os.path.join(WORK, "sol", "correct.py"))
    for case in cases:
        timed("answer", run_to_file, correct, os.path.join(out_dir, case + ".out"),
              os.path.join(in_dir, case + ".in"))
    checker = command_of(os.path.join(WORK, config.get("checker", "checker.cpp")))
    shutil.copyfile(checker[0], os.path.join(OUT, "checker"))
    os.chmod(os.path.join(OUT, "checker"), 0o755)
    with open(os.path.join(PROBLEM, "hash.json")) as f:
        upstream = json.load(f)
    files = {}
    for case in cases:
        files[case + ".in"] = sha256_of(os.path.join(in_dir, case + ".in"))
        files[case + ".out"] = sha256_of(os.path.join(out_dir, case + ".out"))
    mismatches = sorted(name for name in set(files) | set(upstream)
                        if files.get(name) != upstream.get(name))
    manifest = {
        "cases": [{"name": c, "inBytes": os.path.getsize(os.path.join(in_dir, c + ".in")),
                   "outBytes": os.path.getsize(os.path.join(out_dir, c + ".out"))} for c in cases],
        "hashMismatches": mismatches,
        "seconds": timings,
    }
    with open(os.path.join(OUT, "manifest.json"), "w") as f:
        json.dump(manifest, f)


main()
