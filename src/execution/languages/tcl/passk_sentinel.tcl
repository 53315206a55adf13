# passk's end sentinel for Tcl programs (kit/script-language.ts): appended after the tests, so it
# runs only if they all did. Every guarded command must still carry its trace (a trace removed is
# a guard taken off: {{REBOUND}}'s mark, exit 1); then it writes the end event with the nonce (none
# when it was empty). Placeholders: {{REBOUND}}, {{RESULT_FD}}.

foreach passk_n $passk_guarded {if {[trace info command $passk_n] eq ""} {puts -nonewline stderr "{{REBOUND}}"; exit 1}}
if {$passk_nonce ne ""} {set passk_out [open /proc/self/fd/{{RESULT_FD}} w]; puts $passk_out [format {{"n": "%s", "e": "end"}} $passk_nonce]; close $passk_out}
