# passk's PAL GSM8K harness: runs the candidate as bigcode's pal executor does and compares its
# last printed line with the answer (see task.ts, which fills this file and documents it).
# Placeholders: "__PASSK_CANDIDATE__" is replaced by the candidate's UTF-8 text in base64 as a
# single-quoted string, "__PASSK_ANSWER__" by the answer as a Python number literal.
# ruff: noqa: E401
# --- passk: the program text starts on the next line ---
import base64 as _pk_base64, contextlib as _pk_contextlib, hashlib as _pk_hashlib, io as _pk_io
_pk_buffer = _pk_io.StringIO()
with _pk_contextlib.redirect_stdout(_pk_buffer), _pk_contextlib.redirect_stderr(_pk_buffer):
    exec(_pk_base64.b64decode("__PASSK_CANDIDATE__").decode('utf-8'), {})
_pk_buffer.seek(0)
_pk_lines = _pk_buffer.readlines()
if not _pk_lines:
    raise RuntimeError('the program printed nothing')
_pk_answer = _pk_lines[-1].strip()
if _pk_answer.startswith('failed:'):
    raise RuntimeError('the program printed a failure line')
try:
    _pk_ok = abs(float(_pk_answer) - float("__PASSK_ANSWER__")) < 1e-3
except ValueError:
    _pk_ok = None
if not _pk_ok:
    _pk_hash = _pk_hashlib.sha256(_pk_answer.encode('utf-8', 'surrogatepass')).hexdigest()[:16]
    _pk_kind = ' not-a-number' if _pk_ok is None else ''
    raise AssertionError(f'answer {_pk_hash}{_pk_kind}: {_pk_answer[:60]!r}')
