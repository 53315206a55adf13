# passk's end sentinel for Elixir programs (kit/script-language.ts), appended after the tests.
# McEval's tests are ExUnit cases that `ExUnit.start()` runs when the script ends (an at_exit
# hook): passk runs them here instead (`ExUnit.run()`), then halts, so its verdict is the
# suite's. A module of Elixir or OTP that the program redefined (`defmodule ExUnit.Assertions`,
# which turns `assert` into a no-op) is tampering: a module loaded from memory under a name the
# code path has a file for, or an ExUnit module whose code differs from its file, prints
# {{REBOUND}}'s mark and exits 1. The end event (with the nonce; none when it was empty) is written
# only when no test failed and none was excluded or skipped; a failed suite prints a line on
# stderr and exits 1, as ExUnit's own hook does. Placeholders: {{REBOUND}}, {{RESULT_FD}}.

passk_result = ExUnit.run()
passk_rebound = Enum.any?(:code.all_loaded(), fn {passk_module, passk_path} -> passk_file = :code.where_is_file(~c"#{passk_module}.beam"); passk_file != :non_existing and (passk_path == [] or (String.starts_with?(Atom.to_string(passk_module), "Elixir.ExUnit") and elem(:beam_lib.md5(passk_file), 1) != {passk_module, passk_module.module_info(:md5)})) end)
if passk_rebound, do: (IO.write(:stderr, "{{REBOUND}}"); System.halt(1))
if passk_result.failures > 0, do: (IO.write(:stderr, "passk-elixir: #{passk_result.failures} of #{passk_result.total} tests failed\n"); System.halt(1))
if passk_nonce != "" and passk_result.excluded == 0 and passk_result.skipped == 0, do: File.write!("/proc/self/fd/{{RESULT_FD}}", ~s({"n": "#{passk_nonce}", "e": "end"}\n))
System.halt(0)
