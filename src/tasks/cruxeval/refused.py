# passk's CRUXEval harness: the program for an answer upstream scores as wrong without running
# it (see task.ts, which fills this file). Placeholder: "__PASSK_REASON__" is replaced by the
# reason as a Python string literal.
# --- passk: the program text starts on the next line ---
raise AssertionError("__PASSK_REASON__")
