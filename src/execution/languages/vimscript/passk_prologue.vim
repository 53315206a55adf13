" passk's prologue for Vim script programs (vimscript.ts): one line, put first. It reads the
" nonce's pipe into s:passk_nonce (none when there is no pipe), clears the message history (the
" sentinel fails a run that displayed an error message), and has Vim print the failed assertions (v:errors) on
" stderr when it quits (`echoerr`: Vim's messages go to stderr while it starts up, with a TERM),
" so that a `cq` after a failed assert_equal says why. Placeholders: {{NONCE_FD}}.

try | let s:passk_nonce = join(readfile('/proc/self/fd/{{NONCE_FD}}'), '') | catch | let s:passk_nonce = '' | endtry | messages clear | autocmd VimLeavePre * if !empty(v:errors) | echoerr 'passk: assertion failed: ' .. join(v:errors, ' | ') | endif
