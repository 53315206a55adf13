# passk's EvalPlus harness, in-process mode: EvalPlus's comparison in the candidate's process (see
# suite-program.ts, which reads this file). No placeholders. It follows literal.py,
# check_output.py, call.py and suite_config.py in the program; the imports below tell the
# linters so (passk leaves this header out).
from call import _passk_call
from check_output import _passk_atol_after, _passk_check_output
from literal import _passk_digest
from suite_config import _PASSK_ATOL, _PASSK_ENTRY, _PASSK_SET_EQ, _PASSK_TOTAL, _passk_cases
# --- passk: the program text starts on the next line ---

def _passk_show(value):
    try:
        text = repr(value)
    except Exception:
        text = "<unprintable %s>" % type(value).__name__
    return text if len(text) <= 80 else text[:77] + "..."


def _passk_run_in_process():
    fn = globals()[_PASSK_ENTRY]
    atol = _PASSK_ATOL  # EvalPlus's loop variable: a float output's tolerance carries over
    for index, args, expected, is_digest, seconds, _cap in _passk_cases:
        out = _passk_call(fn, args, seconds)
        if is_digest:
            try:
                ok = _passk_digest(set(out) if _PASSK_ENTRY in _PASSK_SET_EQ else out) == expected
            except Exception:
                ok = False
            assert ok, "input %d of %d: got %s, not the expected (long) output" % (index, _PASSK_TOTAL, _passk_show(out))
            continue
        try:
            ok = _passk_check_output(args, out, expected, atol)  # args as the call left them, as in EvalPlus
        except Exception:
            ok = False
        assert ok, "input %d of %d: got %s, expected %s" % (index, _PASSK_TOTAL, _passk_show(out), _passk_show(expected))
        atol = _passk_atol_after(expected, atol)


_passk_run_in_process()
