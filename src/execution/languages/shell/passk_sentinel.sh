# passk's end sentinel for shell programs (kit/script-language.ts): appended after the tests,
# so it runs only if they all did. Where the prologue took the tests' checks, it first checks that
# none was rebound; then it writes the end event with the nonce (none when it was empty).
# Placeholders: {{RESULT_FD}}.

[ -n "$passk_nonce" ] && printf '{"n": "%s", "e": "end"}\n' "$passk_nonce" >&{{RESULT_FD}}
