// passk's end sentinel for Groovy scripts (groovy.ts): the script's last statement, so it runs
// only if every statement before it (McEval's top-level asserts) did; it writes the end event
// with the nonce (none when it was empty). Placeholders: {{RESULT_FD}}.

if (passk_nonce) { def passk_out = new java.io.FileOutputStream("/proc/self/fd/{{RESULT_FD}}"); passk_out.write(("{\"n\": \"" + passk_nonce + "\", \"e\": \"end\"}\n").getBytes("US-ASCII")); passk_out.close() }
