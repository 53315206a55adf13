# The distributions on the interpreter's sys.path, under the flags programs run with
# (environments/interpreter-packages.ts runs it with `-c`). Prints JSON: the interpreter, its
# version, sys.path and each distribution's name and version.
import json
import sys
from importlib import metadata

seen = {}
for d in metadata.distributions(path=sys.path):
    name = d.metadata["Name"]
    if name:
        seen.setdefault(name, d.version)
packages = [{"name": k, "version": v} for k, v in sorted(seen.items())]
print(json.dumps({"interpreter": sys.executable, "version": sys.version.split()[0], "path": sys.path, "packages": packages}))
