# passk's QuixBugs harness: every JSON test case of the program checked as upstream's
# python_testcases/test_NAME.py does (see task.ts, which fills this file and documents it).
# Placeholders: "__PASSK_CASES__" is replaced by the json_testcases file's UTF-8 text in base64
# as a single-quoted string; "__PASSK_GOT__" and "__PASSK_OK__" by Python expressions (the call,
# and the comparison); "__PASSK_NAME__" by the program's name; the lines "__PASSK_SKIP__" and
# "__PASSK_EXPECTED__" by the program's own lines, if it has any, or by none.
# ruff: noqa: E401
# --- passk: the program text starts on the next line ---

import base64 as _pk_base64, json as _pk_json
for _pk_line in _pk_base64.b64decode("__PASSK_CASES__").decode('utf-8').splitlines():
    if not _pk_line.strip():
        continue
    _pk_args, _pk_expected = _pk_json.loads(_pk_line)
    "__PASSK_SKIP__"
    "__PASSK_EXPECTED__"
    _pk_got = "__PASSK_GOT__"
    assert "__PASSK_OK__", f'"__PASSK_NAME__"{tuple(_pk_args)!r:.80} gave {_pk_got!r:.60}, expected {_pk_expected!r:.60}'
