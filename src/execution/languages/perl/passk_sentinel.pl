# passk's end sentinel for Perl programs (kit/script-language.ts): appended after the tests,
# so it runs only if they all did. Where the prologue took the tests' checks, it first checks that
# none was rebound (else it prints {{REBOUND}}'s mark and exits 1); then it writes the end event.
# Placeholders: {{REBOUND}}, {{RESULT_FD}}.

if (defined &CORE::GLOBAL::exit || defined &CORE::GLOBAL::die || ($main::passk_deep && (\&Test::Deep::eq_deeply != $main::passk_deep || (defined &main::eq_deeply && \&main::eq_deeply != $main::passk_deep)))) { print STDERR "{{REBOUND}}"; CORE::exit(1); }
if ($main::passk_nonce ne '') { open(my $passk_fd, '>&=', {{RESULT_FD}}) or die "passk: no result channel"; printf $passk_fd '{"n": "%s", "e": "end"}' . "\n", $main::passk_nonce; close($passk_fd); }
