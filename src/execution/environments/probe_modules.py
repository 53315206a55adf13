# Imports each module with the environment's sys.path (environments/resolve.ts runs it with
# `-I -S -c`): argv[1] the site dirs (JSON), argv[2] the module names (JSON). Prints, as JSON, each
# module's version (None when its import failed) and why each failed.
import json, site, sys
for path in json.loads(sys.argv[1]):
    site.addsitedir(path)
modules, errors = {}, {}
for name in json.loads(sys.argv[2]):
    try:
        module = __import__(name)
        for part in name.split(".")[1:]:
            module = getattr(module, part)
        version = getattr(module, "__version__", "")
        modules[name] = version if isinstance(version, str) else str(version)
    except BaseException as error:
        modules[name] = None
        errors[name] = ("%s: %s" % (type(error).__name__, error)).splitlines()[0][:300]
print(json.dumps({"modules": modules, "errors": errors}))
