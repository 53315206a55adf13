# passk's EvalPlus harness: one suite's settings and inputs (suite-program.ts fills and reads
# this file). Each placeholder is replaced by a Python literal: "__PASSK_DATASET__" and
# "__PASSK_ENTRY__" by strings, "__PASSK_ATOL__" by a float, "__PASSK_TOTAL__" by an int,
# "__PASSK_SET_EQ__" and "__PASSK_NOT_NONE__" by frozensets of entry points, and
# "__PASSK_CASES__" by one line per input, "    (index, args, expected, is_digest, seconds, cap),",
# and a newline.
# --- passk: the program text starts on the next line ---
_PASSK_DATASET = "__PASSK_DATASET__"
_PASSK_ENTRY = "__PASSK_ENTRY__"
_PASSK_ATOL = "__PASSK_ATOL__"
_PASSK_TOTAL = "__PASSK_TOTAL__"
_PASSK_SET_EQ = "__PASSK_SET_EQ__"
_PASSK_NOT_NONE = "__PASSK_NOT_NONE__"
_passk_cases = [
"__PASSK_CASES__"
]
