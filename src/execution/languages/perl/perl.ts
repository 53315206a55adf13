import { canaryFolder } from '../kit/canary-folder.js';
import { firstLine } from '../kit/process-runtime.js';
import { comment, script } from '../kit/script-language.js';

/** Perl 5: MultiPL-E's tests `exit 1` on a wrong answer (silently) and use Test::Deep. */
export const perl = script({
  language: 'perl',
  interpreter: '/usr/bin/perl',
  file: 'program.pl',
  versionArgv: ['/usr/bin/perl', '-e', 'print "perl $^V"'],
  debianPackages: 'perl libtest-deep-perl',
  // BEGIN: before the program's own BEGIN/INIT blocks, which run before its first statement.
  moduleUrl: import.meta.url,
  canaries: canaryFolder(import.meta.url, '.pl', comment('#')),
  diagnose: (outcome) => {
    if (outcome.exitCode === 1 && outcome.stderrTail.trim() === '') {
      return { status: 'failed', errorType: 'TestFailure', message: 'a test exited with status 1' };
    }
    const line = firstLine(outcome.stderrTail, / at \S+ line \d+/);
    return line ? { status: 'error', errorType: 'Died', message: line } : undefined;
  },
});
