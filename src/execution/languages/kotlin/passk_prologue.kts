// passk's prologue for Kotlin scripts (kotlin.ts): one line, put after the script's imports (a
// statement may not come before them). It reads the nonce's pipe to its end into `passk_nonce`
// before any of the script's statements run. Placeholders: {{NONCE_FD}}.

val passk_nonce = String(java.nio.file.Files.readAllBytes(java.nio.file.Paths.get("/proc/self/fd/{{NONCE_FD}}")), Charsets.US_ASCII)
