import { existsSync, readdirSync } from 'node:fs';
import { canaryFolder } from '../kit/canary-folder.js';
import { realBinary } from '../kit/process-runtime.js';
import { script } from '../kit/script-language.js';

/**
 * The extensions Debian's php-cli loads through its conf.d, which `-n` skips: MultiPL-E's and
 * CRUXEval-X's `php` runs have them (CRUXEval-X PHP/13 calls ctype_alpha). FFI, sockets, FTP,
 * PDO, Phar, opcache and shared memory are left out: no benchmark program needs them.
 */
const EXTENSIONS = [
  'calendar',
  'ctype',
  'exif',
  'fileinfo',
  'gettext',
  'iconv',
  'posix',
  'tokenizer',
];

/** `-d extension=<name>` for each of EXTENSIONS that is a shared module here (not built in). */
function extensionFlags(): string[] {
  const root = '/usr/lib/php';
  const apis = existsSync(root) ? readdirSync(root).filter((name) => /^\d{8}$/.test(name)) : [];
  const dir = apis.sort().at(-1);
  if (dir === undefined) return [];
  const shared = EXTENSIONS.filter((name) => existsSync(`${root}/${dir}/${name}.so`));
  return shared.flatMap((name) => ['-d', `extension=${name}`]);
}

const EXTENSION_FLAGS = extensionFlags();

/** PHP CLI with no php.ini (-n), Debian's default extensions, and assertions compiled in and throwing. */
export const php = script({
  language: 'php',
  interpreter: realBinary('/usr/bin/php'),
  flags: [
    '-n',
    ...EXTENSION_FLAGS,
    '-d',
    'zend.assertions=1',
    '-d',
    'assert.exception=1',
    '-d',
    'display_errors=stderr',
  ],
  file: 'program.php',
  // The loaded extensions are part of the version line, and so of every cache key.
  versionArgv: [
    realBinary('/usr/bin/php'),
    '-n',
    ...EXTENSION_FLAGS,
    '-r',
    'echo "php ", PHP_VERSION, " (", implode(",", get_loaded_extensions()), ")";',
  ],
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
