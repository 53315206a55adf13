import { RESULT_FD } from '../../worker/protocol.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { firstLine } from '../kit/process-runtime.js';
import { comment, REBOUND, script } from '../kit/script-language.js';

/** Perl 5: MultiPL-E's tests `exit 1` on a wrong answer (silently) and use Test::Deep. */
export const perl = script({
  language: 'perl',
  interpreter: '/usr/bin/perl',
  file: 'program.pl',
  versionArgv: ['/usr/bin/perl', '-e', 'print "perl $^V"'],
  debianPackages: 'perl libtest-deep-perl',
  // BEGIN: before the program's own BEGIN/INIT blocks, which run before its first statement.
  prologue: `BEGIN { $main::passk_nonce = ''; if (open(my $passk_in, '<&=', ${NONCE_FD})) { local $/; $main::passk_nonce = <$passk_in> // ''; close($passk_in); } $main::passk_deep = eval { require Test::Deep; \\&Test::Deep::eq_deeply }; }`,
  sentinel: `if (defined &CORE::GLOBAL::exit || defined &CORE::GLOBAL::die || ($main::passk_deep && (\\&Test::Deep::eq_deeply != $main::passk_deep || (defined &main::eq_deeply && \\&main::eq_deeply != $main::passk_deep)))) { print STDERR "${REBOUND}"; CORE::exit(1); }
if ($main::passk_nonce ne '') { open(my $passk_fd, '>&=', ${RESULT_FD}) or die "passk: no result channel"; printf $passk_fd '{"n": "%s", "e": "end"}' . "\\n", $main::passk_nonce; close($passk_fd); }`,
  canaries: {
    wrong: 'sub add { my ($a, $b) = @_; return $a - $b; }\nexit 1 unless add(1, 1) == 2;\n',
    earlyExits: ['exit 0;\n'],
    harnessAttacks: [
      'BEGIN { *CORE::GLOBAL::exit = sub { } }\nsub add { my ($a, $b) = @_; return $a - $b; }\nexit 1 unless add(1, 1) == 2;\n',
    ],
    sleeper: (seconds) => `sleep(${seconds});\n`,
    comment: comment('#'),
  },
  diagnose: (outcome) => {
    if (outcome.exitCode === 1 && outcome.stderrTail.trim() === '') {
      return { status: 'failed', errorType: 'TestFailure', message: 'a test exited with status 1' };
    }
    const line = firstLine(outcome.stderrTail, / at \S+ line \d+/);
    return line ? { status: 'error', errorType: 'Died', message: line } : undefined;
  },
});
