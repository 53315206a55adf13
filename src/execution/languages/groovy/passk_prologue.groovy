// passk's prologue for Groovy scripts (groovy.ts): one line, put first (a statement may come
// before a script's imports). It reads the nonce's pipe to its end into `passk_nonce`, a local of
// the script's body (the script's methods and classes do not see it). Placeholders: {{NONCE_FD}}.

def passk_nonce = new String(java.nio.file.Files.readAllBytes(java.nio.file.Paths.get("/proc/self/fd/{{NONCE_FD}}")), "US-ASCII")
