# passk's CRUXEval harness: upstream's check, `{code}\nassert {output} == {answer}` (see task.ts,
# which fills this file and documents it). Placeholders: the line "__PASSK_CODE__" is replaced by
# the problem's function and a newline; "__PASSK_OUTPUT__" and "__PASSK_ANSWER__" by the two
# Python expressions compared.
# --- passk: the program text starts on the next line ---
"__PASSK_CODE__"
assert "__PASSK_OUTPUT__" == "__PASSK_ANSWER__"
