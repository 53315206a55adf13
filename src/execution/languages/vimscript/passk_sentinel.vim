" passk's end sentinel for Vim script programs (vimscript.ts): put before the program's final
" quit (McEval's tests end with `exit(0)`), else at its end, so it runs only if everything before
" it did. A Vim error message displayed while the program ran (an unknown function makes the
" tests' `if assert_equal(…)` an error that skips the check; an error under `silent!` or caught by
" `try` is not displayed, so not in the history) ends the run with status 1 and the first one on
" stderr; otherwise it writes the end event with the nonce (none when it was empty).
" Placeholders: {{RESULT_FD}}.

let s:passk_errors = filter(split(execute('messages'), "\n"), 'v:val =~# ''^E\d\+:''') | if !empty(s:passk_errors) | echoerr 'passk: vim error: ' .. s:passk_errors[0] | cquit 1 | endif
if s:passk_nonce != '' | call writefile(['{"n": "' .. s:passk_nonce .. '", "e": "end"}'], '/proc/self/fd/{{RESULT_FD}}', 'a') | endif
