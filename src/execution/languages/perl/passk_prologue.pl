# passk's prologue for Perl programs (kit/script-language.ts): one line, put first (after a
# `#lang` or `#!` line). It reads the nonce's pipe to its end before any of the program's
# statements and, where the tests' checks are names a program could rebind, takes what they are.
# Placeholders: {{NONCE_FD}}.

BEGIN { $main::passk_nonce = ''; if (open(my $passk_in, '<&=', {{NONCE_FD}})) { local $/; $main::passk_nonce = <$passk_in> // ''; close($passk_in); } $main::passk_deep = eval { require Test::Deep; \&Test::Deep::eq_deeply }; }
