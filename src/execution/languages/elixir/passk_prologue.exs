# passk's prologue for Elixir programs (kit/script-language.ts): one line, put first. It reads the
# nonce's pipe to its end into `passk_nonce` (a top-level variable; module bodies do not see it)
# before any of the program's statements. Placeholders: {{NONCE_FD}}.

passk_nonce = (fn -> case File.open("/proc/self/fd/{{NONCE_FD}}", [:read, :binary]) do {:ok, f} -> t = IO.binread(f, :eof); File.close(f); if is_binary(t), do: t, else: ""; _ -> "" end end).()
