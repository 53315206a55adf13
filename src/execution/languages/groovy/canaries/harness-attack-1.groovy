// Forges the end event without the nonce, then fails.
new java.io.FileOutputStream("/proc/self/fd/{{RESULT_FD}}").write("{\"n\": \"\", \"e\": \"end\"}\n".getBytes())
assert 1 + 1 == 3
