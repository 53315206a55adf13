# A batch's compile step, run by the worker in the sandbox (see BUILD_SCRIPT in batch.ts): writes
# the dispatcher for the current members, compiles, drops the members an error blames and tries
# again. argv: the artifact cache's folder as the sandbox sees it. No placeholders.

import json, re, subprocess, sys
spec = json.load(open("batch.json", encoding="utf-8"))
members = spec["members"]
argv = [arg.replace("{cache}", sys.argv[1]) for arg in spec["argv"]]
err = ""
pre = spec.get("pre")
if pre:
    files = [pre["file"].replace("{m}", m) for m in members]
    done = subprocess.run(pre["argv"] + files, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode != 0:
        err = done.stderr.decode("utf-8", "replace")
        blamed = set(re.findall(spec["blame"], err))
        members = [m for m in members if m not in blamed]
        if done.returncode < 0 or not blamed:
            members = []
for _ in range(spec["rounds"] if len(members) >= 2 else 0):
    items = "".join(spec["item"].replace("{m}", m) for m in members)
    arms = "".join(spec["arm"].replace("{m}", m) for m in members)
    with open(spec["mainFile"], "w", encoding="utf-8") as out:
        out.write(spec["main"].replace("{items}", items).replace("{arms}", arms))
    done = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode == 0:
        if spec.get("partial"):
            with open("failed", encoding="utf-8") as handle:
                failed = set(handle.read().split())
            members = [m for m in members if m not in failed]
        with open("members", "w", encoding="utf-8") as out:
            out.write("\n".join(members) + "\n")
        sys.exit(0)
    err = done.stderr.decode("utf-8", "replace")
    blamed = set(re.findall(spec["blame"], err)) & set(members)
    if done.returncode < 0 or not blamed:
        break
    members = [m for m in members if m not in blamed]
    if len(members) < 2:
        break
sys.stderr.write(err[-2000:])
sys.exit(1)
