// passk's end sentinel for Kotlin scripts (kotlin.ts): the script's last statement, so it runs
// only if every statement before it (McEval's `main()` call with its checks) did; it writes the end
// event with the nonce (none when it was empty). Placeholders: {{RESULT_FD}}.

if (passk_nonce.isNotEmpty()) java.io.FileOutputStream("/proc/self/fd/{{RESULT_FD}}").use { it.write("{\"n\": \"$passk_nonce\", \"e\": \"end\"}\n".toByteArray()) }
