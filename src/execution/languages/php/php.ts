import { canaryFolder } from '../kit/canary-folder.js';
import { realBinary } from '../kit/process-runtime.js';
import { script } from '../kit/script-language.js';

/** PHP CLI with no php.ini (-n) and assertions compiled in and throwing. */
export const php = script({
  language: 'php',
  interpreter: realBinary('/usr/bin/php'),
  flags: [
    '-n',
    '-d',
    'zend.assertions=1',
    '-d',
    'assert.exception=1',
    '-d',
    'display_errors=stderr',
  ],
  file: 'program.php',
  versionArgv: [realBinary('/usr/bin/php'), '-n', '-r', 'echo "php ", PHP_VERSION;'],
  debianPackages: 'php-cli',
  moduleUrl: import.meta.url,
  canaries: canaryFolder(
    import.meta.url,
    '.php',
    (text) => `<?php // ${text.replace(/\n/g, ' ')} ?>\n`,
  ),
  diagnose: (outcome) => {
    const uncaught = /Uncaught ([\w\\]+)(?::\s*(.*))?/.exec(outcome.stderrTail);
    if (!uncaught?.[1]) {
      // e.g. "PHP Fatal error:  Cannot redeclare strlen()" (MultiPL-E's HumanEval_23_strlen).
      const fatal = /(?:PHP )?(Fatal|Parse) error:\s*(.*)/.exec(outcome.stderrTail);
      if (!fatal) return undefined;
      const errorType = fatal[1] === 'Parse' ? 'ParseError' : 'FatalError';
      return { status: 'error', errorType, message: (fatal[2] ?? '').slice(0, 300) };
    }
    const type = uncaught[1].split('\\').at(-1)!;
    // MultiPL-E's PHP tests throw `new Exception("Test failed!")` for a wrong answer.
    const testFailed = type === 'Exception' && /^Test failed!/.test(uncaught[2] ?? '');
    return {
      status: type === 'AssertionError' || testFailed ? 'failed' : 'error',
      errorType: type,
      message: (uncaught[2] ?? '').slice(0, 300),
    };
  },
});
