// passk's end sentinel for PHP programs (kit/script-language.ts): appended after the tests,
// so it runs only if they all did. Where the prologue took the tests' checks, it first checks that
// none was rebound; then it writes the end event with the nonce (none when it was empty).
// Placeholders: {{RESULT_FD}}.
// `?>` first: the program usually ends in PHP mode, where a second `<?php` is a syntax error.

?><?php if ($passk_nonce !== '') file_put_contents('php://fd/{{RESULT_FD}}', sprintf('{"n": "%s", "e": "end"}' . "\n", $passk_nonce));
