# passk's EvalPlus harness, outside mode: every input's output, encoded, on the result channel
# (see suite-program.ts, which reads this file and documents the lines). No placeholders. It
# follows literal.py, encode.py, call.py and suite_config.py in the program; the imports below
# tell the linters so (passk leaves this header out).
from call import _passk_call, _passk_os
from encode import _passk_enc, _PasskTooBig
from literal import _passk_digest
from suite_config import _PASSK_ENTRY, _PASSK_SET_EQ, _passk_cases
# --- passk: the program text starts on the next line ---

import json as _passk_json


def _passk_emit(lines):
    data = ("\n".join(lines) + "\n").encode("ascii")
    while data:
        data = data[_passk_os.write(3, data):]


def _passk_record(index, out, is_digest, cap):
    try:
        if is_digest:
            shown = set(out) if _PASSK_ENTRY in _PASSK_SET_EQ else out
            return {"e": "o", "i": index, "h": _passk_digest(shown)}
        return {"e": "o", "i": index, "v": _passk_enc(out, [cap])}
    except _PasskTooBig:
        return {"e": "o", "i": index, "x": "OutputTooLarge"}
    except BaseException as error:
        return {"e": "o", "i": index, "x": "Unwritable" + type(error).__name__}


def _passk_run_outside():
    fn = globals()[_PASSK_ENTRY]
    lines, size = [], 0
    for index, args, _expected, is_digest, seconds, cap in _passk_cases:
        try:
            out = _passk_call(fn, args, seconds)
        except BaseException as error:
            lines.append(_passk_json.dumps({"e": "o", "i": index, "x": type(error).__name__[:60]}))
            break
        line = _passk_json.dumps(_passk_record(index, out, is_digest, cap))
        lines.append(line)
        size += len(line)
        if size > 1 << 16:
            _passk_emit(lines)
            lines, size = [], 0
    lines.append(_passk_json.dumps({"e": "done", "c": len(_passk_cases)}))
    _passk_emit(lines)


_passk_run_outside()
