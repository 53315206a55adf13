"""Aider polyglot (Exercism) Python: runs every `*_test.py` of the exercise with unittest, in the
exercise's own process (the tests import the solution's module), and writes the end event only
after the runner returned with every test passed.

Started by the exec worker as `python3 -I -B passk_run.py` in the exercise's directory (see
src/execution/languages/<name>/exercism.ts). The end event can be asked for only once, by this file's
main() called from this script's own top level, on the main thread: a program that re-runs this
file's code (its top level or main, from a frame, a thread, an atexit handler, against a test
file it wrote) gets nothing. The nonce and that one-shot state are constants of the nonce hook's
code, with empty globals; the guard refuses what reaches them (gc's object lists, other threads'
frames, the hook frame's code), trace and profile hooks (which could jump over main's checks) and
more audit hooks. At the end the hook itself checks the result object and that builtins and
unittest's modules and classes are as they were before any exercise code ran (setting a class's
attribute is not an audit event: a patch undone before the end is not seen).
"""

import builtins
import os
import sys
import threading
import unittest

# protocol.json's table (the worker's constants). This file runs in the exercise's own directory,
# away from the worker's files, so the host writes the table in here when it ships the file
# (withProtocolTable in src/execution/worker/protocol.ts).
PROTOCOL = {}
NONCE_FD = PROTOCOL["fds"]["nonce"]
RESULT_FD = PROTOCOL["fds"]["result"]
# The exit status when RESULT_FD is not the harness's pipe when the end event is due: nothing written.
TAMPER_STATUS = PROTOCOL["exitStatus"]["tamper"]
_FUNCTION = type(lambda: 0)
_FRAME = type(sys._getframe())
_MISSING = object()
_MODULES = ("builtins", "unittest", "unittest.case", "unittest.result", "unittest.suite",
            "unittest.runner", "unittest.loader", "unittest.main", "unittest.util")


def main(loader=unittest.defaultTestLoader, runner=unittest.TextTestRunner, stream=sys.stderr,
         audit=sys.audit, exit=sys.exit):
    # Bound as defaults when called: rebinding this module's names or sys.audit changes nothing.
    suite = loader.discover(".", pattern="*_test.py", top_level_dir=".")
    result = runner(stream=stream, verbosity=1).run(suite)
    audit("passk.end", result)
    exit(0 if result.wasSuccessful() else 1)


_TEMPLATES = r'''
def nonce_hook(event, args):
    if event != "passk.end":
        return
    caller = "@getframe"(1)
    if caller.f_code is not "@main_code" or caller.f_back is None or caller.f_back.f_back is not None:
        return
    # (Not "@once"[0]: the compiler folds a subscript of a str constant.)
    if "@get_ident"() != "@main_ident" or "@len"("@once") == 0:
        return
    "@once".clear()
    result = args[0]
    if "@type"(result) is not "@result_type":
        return
    reason = None
    for name in result.__dict__:
        if "@type"("@getattr"("@result_type", name, None)) is "@function_type":
            reason = "result-patched"
    for namespace, names in "@pristine":
        for name, value in names:
            now = namespace.get(name, "@missing")
            if now is not value and ("@type"(now) is not "@str_type" or "@str_eq"(now, value) is not True):
                reason = "assertions-patched"
    for name, module in "@modules_pristine":
        if "@modules".get(name) is not module:
            reason = "assertions-patched"
    lists = (result.failures, result.errors, result.unexpectedSuccesses)
    if reason is None and ("@type"(result.testsRun) is not "@int_type" or result.testsRun < 1):
        return
    for found in lists:
        if reason is None and ("@type"(found) is not "@list_type" or "@len"(found) != 0):
            return
    try:
        if "@fstat"("@result_fd")[1:3] != "@identity":
            "@exit"("@tamper_status")
        if reason is None:
            "@write"("@result_fd", "@nonce".join(('{"n": "', '", "e": "end"}\n')).encode())
        else:
            "@write"("@result_fd", ('{"e": "tamper", "r": "%s"}\n' % reason).encode())
        if "@fstat"("@result_fd")[1:3] != "@identity":
            "@exit"("@tamper_status")
    except "@oserror":
        "@exit"("@tamper_status")


def guard(event, args):
    if event in "@refused":
        raise "@error"("passk: %s is not available to exercise code" % event)
    if event == "object.__getattr__":
        if args[1] == "f_code" and "@type"(args[0]) is "@frame_type" and args[0].f_globals is "@nonce_globals":
            raise "@error"("passk: reading this frame's code is not available to exercise code")
        return
    if event == "gc.get_referents":
        for target in args[0]:
            if "@type"(target) is "@frame_type" and target.f_globals is "@nonce_globals":
                raise "@error"("passk: gc.get_referents of this frame is not available to exercise code")
        return
'''


def _compile_templates():
    import warnings

    namespace = {}
    with warnings.catch_warnings():  # the compiler's "str is not callable" warnings
        warnings.simplefilter("ignore")
        exec(compile(_TEMPLATES, __file__, "exec", dont_inherit=True), namespace)
    return {name: value.__code__ for name, value in namespace.items() if type(value) is _FUNCTION}


def _constant(code, objects, globals_):
    consts = tuple(
        objects[c[1:]] if type(c) is str and c[:1] == "@" and c[1:] in objects else c for c in code.co_consts
    )
    return _FUNCTION(code.replace(co_consts=consts), globals_)  # pyright: ignore[reportCallIssue] - FunctionType(code, globals)


def _unittest_classes():
    found = []
    for name in ("unittest.case", "unittest.result", "unittest.suite", "unittest.runner", "unittest.loader"):
        module = sys.modules[name]
        found += [value for value in vars(module).values() if type(value) is type and value.__module__ == name]
    return tuple(found)


def _install():
    """Both hooks, before any exercise code: the nonce read from its pipe into a code constant."""
    with os.fdopen(NONCE_FD, "rb") as taken:
        nonce = taken.read().decode("ascii")
    if not nonce:
        return
    templates = _compile_templates()
    modules = tuple((name, sys.modules[name]) for name in _MODULES)
    namespaces = [builtins.__dict__] + [vars(module) for _, module in modules[1:]]
    namespaces += [vars(cls) for cls in _unittest_classes()]
    nonce_globals = {"__builtins__": {}}
    objects = dict(
        getframe=sys._getframe, main_code=main.__code__, get_ident=threading.get_ident,
        main_ident=threading.get_ident(), once=[True], type=type, result_type=unittest.TextTestResult,
        getattr=getattr, function_type=_FUNCTION, missing=_MISSING, str_type=str, str_eq=str.__eq__,
        pristine=tuple((ns, tuple(ns.items())) for ns in namespaces), modules_pristine=modules,
        modules=sys.modules, int_type=int, list_type=list, len=len, fstat=os.fstat, result_fd=RESULT_FD,
        identity=tuple(os.fstat(RESULT_FD)[1:3]), exit=os._exit, tamper_status=TAMPER_STATUS,
        write=os.write, nonce=nonce, oserror=OSError,
    )
    sys.addaudithook(_constant(templates["nonce_hook"], objects, nonce_globals))
    refused = frozenset((
        "sys._current_frames", "gc.get_objects", "gc.get_referrers", "sys.settrace", "sys.setprofile",
        "sys.addaudithook",
    ))
    guard = dict(refused=refused, error=RuntimeError, type=type, frame_type=_FRAME, nonce_globals=nonce_globals)
    sys.addaudithook(_constant(templates["guard"], guard, {"__builtins__": {}}))


_install()
del _install
sys.path.insert(0, os.getcwd())
sys.dont_write_bytecode = True
main()
