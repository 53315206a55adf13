// Forges the end event without the nonce, then fails.
java.io.FileOutputStream("/proc/self/fd/{{RESULT_FD}}").use { it.write("{\"n\": \"\", \"e\": \"end\"}\n".toByteArray()) }
check(1 + 1 == 3)
