# passk's BigCodeBench harness: upstream's set-up before the solution runs (see program.ts, which
# reads this file and documents it). No placeholders.
# ruff: noqa: E401
# The module view's __dict__ is a property on purpose (it is the program's globals):
# pyright: reportIncompatibleVariableOverride=false
# --- passk: the program text starts on the next line ---
import sys, os
environ = os.environ
__name__, __file__ = "__test__", "__test__.py"
class __PasskTestModule(type(sys)):
    def __init__(self, namespace):
        super().__init__("__test__")
        object.__setattr__(self, "_namespace", namespace)
    @property
    def __dict__(self):
        return object.__getattribute__(self, "_namespace")
    def __getattr__(self, name):
        try:
            return object.__getattribute__(self, "_namespace")[name]
        except KeyError:
            raise AttributeError(name) from None
    def __setattr__(self, name, value):
        object.__getattribute__(self, "_namespace")[name] = value
    def __delattr__(self, name):
        del object.__getattribute__(self, "_namespace")[name]
sys.modules["__test__"] = __PasskTestModule(globals())
del __PasskTestModule
os.environ.update(TZ="UTC", OMP_NUM_THREADS="1", TF_CPP_MIN_LOG_LEVEL="3", TF_ENABLE_ONEDNN_OPTS="0")
__import__("time").tzset()
