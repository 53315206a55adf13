import { NONCE_FD } from '../kit/nonce-channel.js';
import { comment, script } from '../kit/script-language.js';

/** Bash, as MultiPL-E runs it: `set -e` in the tests turns a false `[[ … ]]` into exit 1. */
export const shell = script({
  language: 'shell',
  interpreter: '/usr/bin/bash',
  file: 'program.sh',
  versionArgv: ['/usr/bin/bash', '-c', 'echo "bash $BASH_VERSION"'],
  debianPackages: 'bash',
  // Not exported: the program's child processes do not get it (bash has no private scope).
  prologue: `IFS= read -r passk_nonce <&${NONCE_FD}; exec ${NONCE_FD}<&-`,
  sentinel: `[ -n "$passk_nonce" ] && printf '{"n": "%s", "e": "end"}\\n' "$passk_nonce" >&3`,
  canaries: {
    wrong: 'add() { echo $(( $1 - $2 )); }\nset -e\n[[ $(add 1 1) = "2" ]]\n',
    earlyExits: ['exit 0\nfalse\n'],
    sleeper: (seconds) => `sleep ${seconds}\n`,
    comment: comment('#'),
  },
  // A failed test is a silent exit 1; anything that wrote to stderr is an error.
  diagnose: (outcome) =>
    outcome.exitCode === 1 && outcome.stderrTail.trim() === ''
      ? { status: 'failed', errorType: 'TestFailure', message: 'a test exited with status 1' }
      : undefined,
});
