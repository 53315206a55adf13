"""The HumanEval-X harness's evaluation method for compiled languages, re-implemented for
bench/exec.ts (our own code): a thread pool over the programs; per program a fresh temporary
directory, one compiler invocation, then one run of what it built, each a plain subprocess with a
time limit; exit status 0 is a pass. No sandbox and no cache of any kind across programs (only
the toolchain's own: Go's build cache, warmed beforehand as a user's would be).

Per language, as the upstream harness calls the toolchain:
  cpp   g++ -std=c++11 test.cpp [-lcrypto -lssl]; ./a.out
  go    go test -timeout=Ns main_test.go (goimports first: passk's programs rely on it)
  java  javac Main.java; java -cp DIR Main
  rust  rustc (edition 2021, the crates passk built) program.rs; ./program  (upstream runs
        `cargo check` then `cargo test`, two compiles: this is the cheaper of the two)

Usage: python3 humanevalx_method.py LANG PROGRAMS.jsonl OUT.jsonl WORKERS TIMEOUT_S [RUSTC_ARGV.json]
PROGRAMS.jsonl: {"task_id", "source"} per line. Prints a JSON summary as its last line.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

GO_ENV = {"GO111MODULE": "off", "GOPATH": "/usr/share/gocode", "CGO_ENABLED": "0", "GOTOOLCHAIN": "local"}
COMPILE_TIMEOUT_S = 60


def run(argv, cwd, timeout, env=None):
    """(returncode or 'timeout', stderr tail)."""
    try:
        done = subprocess.run(argv, cwd=cwd, timeout=timeout, capture_output=True, env=env)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    return done.returncode, done.stderr.decode("utf-8", "replace")[-300:]


def steps(lang, task_id, work, timeout, rustflags):
    """(file name, [(argv, timeout, env)]) for one program: compile then run."""
    env = dict(os.environ)
    if lang == "cpp":
        libs = ["-lcrypto", "-lssl"] if task_id.endswith("/162") else []
        return "test.cpp", [
            (["g++", "-std=c++11", "test.cpp", *libs], COMPILE_TIMEOUT_S, env),
            (["./a.out"], timeout, env),
        ]
    if lang == "go":
        env.update(GO_ENV)
        return "main_test.go", [
            (["goimports", "-w", "main_test.go"], COMPILE_TIMEOUT_S, env),
            (["go", "test", "-timeout=%ds" % timeout, "main_test.go"], COMPILE_TIMEOUT_S + timeout, env),
        ]
    if lang == "java":
        return "Main.java", [
            (["javac", "Main.java"], COMPILE_TIMEOUT_S, env),
            (["java", "-cp", work, "Main"], timeout, env),
        ]
    if lang == "rust":
        return "program.rs", [
            ([rustflags[0], *rustflags[1:], "-o", "program", "program.rs"], COMPILE_TIMEOUT_S, env),
            (["./program"], timeout, env),
        ]
    raise SystemExit("unknown language %s" % lang)


def evaluate(lang, row, timeout, rustflags):
    work = tempfile.mkdtemp(prefix="hx-method-")
    try:
        name, plan = steps(lang, row["task_id"], work, timeout, rustflags)
        with open(os.path.join(work, name), "w", encoding="utf-8") as handle:
            handle.write(row["source"])
        for index, (argv, limit, env) in enumerate(plan):
            code, err = run(argv, work, limit, env)
            if code == "timeout":
                return {"task_id": row["task_id"], "result": "timed out"}
            if code != 0:
                kind = "compilation error" if index < len(plan) - 1 else "failed"
                return {"task_id": row["task_id"], "result": "%s: %s" % (kind, err)}
        return {"task_id": row["task_id"], "result": "passed"}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    lang, programs, out, workers, timeout = sys.argv[1:6]
    rustflags = json.loads(sys.argv[6]) if len(sys.argv) > 6 else []
    with open(programs, encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    with ThreadPoolExecutor(int(workers)) as pool:
        results = list(pool.map(lambda row: evaluate(lang, row, int(timeout), rustflags), rows))
    with open(out, "w", encoding="utf-8") as handle:
        for result in results:
            handle.write(json.dumps(result) + "\n")
    passed = sum(result["result"] == "passed" for result in results)
    failed = [r["task_id"] for r in results if r["result"] != "passed"]
    print(json.dumps({"passed": passed, "total": len(results), "failed": failed[:10]}))


if __name__ == "__main__":
    main()
