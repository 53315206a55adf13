# passk's DS-1000 harness: the answer passed to the problem's checks, as upstream's
# test_ds1000.py does (see program.ts, which fills this file and documents it). Placeholder:
# "__PASSK_ANSWER__" is replaced by the answer as a Python string literal. The last line is left
# out when the problem's code_context defines no test_string. It follows the code_context, which
# defines test_execution and test_string; the line below tells the linters so (passk leaves this
# header out).
test_execution = test_string = print
# --- passk: the program text starts on the next line ---
code = "__PASSK_ANSWER__"
test_execution(code)
test_string(code)
