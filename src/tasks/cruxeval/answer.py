# passk's CRUXEval harness, outside judging: the candidate's side, which evaluates the answer
# beside f and keeps its value in passk_answer for the judge's check.py (see task.ts, which fills
# this file and documents it). Placeholders: the line "__PASSK_CODE__" is replaced by the
# problem's function and a newline, the line "__PASSK_EXPRESSION__" by the answer's expression
# and a newline.
# --- passk: the program text starts on the next line ---
"__PASSK_CODE__"
passk_answer = (
"__PASSK_EXPRESSION__"
)
