# passk's prologue for Tcl programs (kit/script-language.ts): one line, put first (after a `#!`
# line). It reads the nonce's pipe to its end into `passk_nonce`, then guards every command that
# exists before the program: a command trace on each ends the run as tampering (prints
# {{REBOUND}}'s mark, exits 1) the moment one is replaced (`proc error args {}` deletes the
# original), renamed or deleted, and an execution trace on `interp` does the same for `interp hide`
# / `expose` / `invokehidden` (a hidden command is replaced without being deleted). The callbacks
# are lambdas of guarded commands only (`apply`, `puts`, `exit`), so nothing they call can be
# replaced quietly. Placeholders: {{NONCE_FD}}, {{REBOUND}}.

set passk_nonce [apply {{} {if {[catch {set f [open /proc/self/fd/{{NONCE_FD}} r]; set t [read $f]; close $f}]} {return ""}; return $t}}]; set passk_guarded [info commands ::*]; foreach passk_n $passk_guarded {trace add command $passk_n {rename delete} {apply {args {puts -nonewline stderr "{{REBOUND}}"; exit 1}}}}; trace add execution ::interp enter {apply {{command op} {if {[lindex $command 1] in {hide expose invokehidden}} {puts -nonewline stderr "{{REBOUND}}"; exit 1}}}}; unset passk_n
