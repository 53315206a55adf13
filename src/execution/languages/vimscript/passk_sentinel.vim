" passk's end sentinel for Vim script programs (vimscript.ts): put before the program's final
" quit (McEval's tests end with `exit(0)`), else at its end, so it runs only if everything before
" it did. A Vim error message given while the program ran (an unknown function makes the tests'
" `if assert_equal(…)` an error that skips the check) ends the run with status 1 and the message
" on stderr; otherwise it writes the end event with the nonce (none when it was empty).
" Placeholders: {{RESULT_FD}}.

if v:errmsg != '' | echoerr 'passk: vim error: ' .. v:errmsg | cquit 1 | endif
if s:passk_nonce != '' | call writefile(['{"n": "' .. s:passk_nonce .. '", "e": "end"}'], '/proc/self/fd/{{RESULT_FD}}', 'a') | endif
