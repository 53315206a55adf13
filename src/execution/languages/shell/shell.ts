import { canaryFolder } from '../kit/canary-folder.js';
import { comment, script } from '../kit/script-language.js';

/** Bash, as MultiPL-E runs it: `set -e` in the tests turns a false `[[ … ]]` into exit 1. */
export const shell = script({
  language: 'shell',
  interpreter: '/usr/bin/bash',
  file: 'program.sh',
  versionArgv: ['/usr/bin/bash', '-c', 'echo "bash $BASH_VERSION"'],
  debianPackages: 'bash',
  // awk (and the other commands Debian installs through alternatives) are links into
  // /etc/alternatives: without it, a test's `awk` is "command not found" here and runs upstream.
  mounts: ['/etc/alternatives'],
  moduleUrl: import.meta.url,
  canaries: canaryFolder(import.meta.url, '.sh', comment('#')),
  // A failed test is a silent exit 1; anything that wrote to stderr is an error.
  diagnose: (outcome) =>
    outcome.exitCode === 1 && outcome.stderrTail.trim() === ''
      ? { status: 'failed', errorType: 'TestFailure', message: 'a test exited with status 1' }
      : undefined,
});
