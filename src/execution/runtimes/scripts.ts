import type { RawOutcome } from '../sandboxes/types.js';
import { defineProcessRuntime, firstLine, realBinary } from './process-runtime.js';
import type { Canaries, Diagnosis, Runtime } from './types.js';

/**
 * Interpreted languages whose tests are top-level statements: the end sentinel is one more
 * statement appended after them, so it runs only if every test before it did (an `exit 0`
 * earlier never reaches it). No compile step.
 */
interface ScriptLanguage {
  language: string;
  interpreter: string;
  flags?: string[];
  file: string;
  versionArgv: string[];
  debianPackages: string;
  /** Statement(s) writing the end event to fd 3, the nonce read from $PASSK_NONCE. */
  sentinel: string;
  canaries: Canaries;
  diagnose(outcome: RawOutcome): Diagnosis | undefined;
}

const comment = (prefix: string) => (text: string) => `${prefix} ${text.replace(/\n/g, ' ')}\n`;

function script(spec: ScriptLanguage): Runtime {
  return defineProcessRuntime({
    language: spec.language,
    versionArgv: spec.versionArgv,
    debianPackages: spec.debianPackages,
    canaries: spec.canaries,
    plan: (source) => ({
      files: { [spec.file]: `${source}\n${spec.sentinel}\n` },
      run: { argv: [spec.interpreter, ...(spec.flags ?? []), `{scratch}/${spec.file}`] },
    }),
    diagnose: spec.diagnose,
  });
}

/** Bash, as MultiPL-E runs it: `set -e` in the tests turns a false `[[ … ]]` into exit 1. */
export const shell = script({
  language: 'shell',
  interpreter: '/usr/bin/bash',
  file: 'program.sh',
  versionArgv: ['/usr/bin/bash', '-c', 'echo "bash $BASH_VERSION"'],
  debianPackages: 'bash',
  sentinel: `printf '{"n": "%s", "e": "end"}\\n' "$PASSK_NONCE" >&3`,
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
  // `?>` first: the program usually ends in PHP mode, where a second `<?php` is a syntax error.
  sentinel: `?><?php file_put_contents('php://fd/3', sprintf('{"n": "%s", "e": "end"}' . "\\n", getenv('PASSK_NONCE')));`,
  canaries: {
    wrong: '<?php\nfunction add($a, $b) { return $a - $b; }\nassert(add(1, 1) == 2);\n',
    earlyExits: ['<?php\nexit(0);\n'],
    sleeper: (seconds) => `<?php\nsleep(${seconds});\n`,
    comment: (text) => `<?php // ${text.replace(/\n/g, ' ')} ?>\n`,
  },
  diagnose: (outcome) => {
    const uncaught = /Uncaught ([\w\\]+)(?::\s*(.*))?/.exec(outcome.stderrTail);
    if (!uncaught?.[1]) return undefined;
    const type = uncaught[1].split('\\').at(-1)!;
    return {
      status: type === 'AssertionError' ? 'failed' : 'error',
      errorType: type,
      message: (uncaught[2] ?? '').slice(0, 300),
    };
  },
});

/** Ruby: a failed `raise`/test shows as "…: message (ExceptionClass)" on stderr. */
export const ruby = script({
  language: 'ruby',
  interpreter: realBinary('/usr/bin/ruby'),
  flags: ['--disable-gems'],
  file: 'program.rb',
  versionArgv: [realBinary('/usr/bin/ruby'), '--version'],
  debianPackages: 'ruby',
  sentinel: `IO.new(3).write(format(%q({"n": "%s", "e": "end"}) + "\\n", ENV['PASSK_NONCE']))`,
  canaries: {
    wrong:
      'class AssertionError < StandardError; end\ndef add(a, b) = a - b\nraise AssertionError unless add(1, 1) == 2\n',
    earlyExits: ['exit 0\n'],
    sleeper: (seconds) => `sleep ${seconds}\n`,
    comment: comment('#'),
  },
  diagnose: (outcome) => {
    const line = firstLine(outcome.stderrTail, /\(([A-Z]\w*(::\w+)*)\)\s*$/);
    const type = /\(([A-Z][\w:]*)\)\s*$/.exec(line)?.[1];
    if (!type) return undefined;
    const failed = /Assertion|Minitest|Test::Unit/.test(type);
    return { status: failed ? 'failed' : 'error', errorType: type, message: line };
  },
});

/** Lua 5.4: `assert(false)` raises "assertion failed!". */
export const lua = script({
  language: 'lua',
  interpreter: realBinary('/usr/bin/lua5.4'),
  file: 'program.lua',
  versionArgv: [realBinary('/usr/bin/lua5.4'), '-v'],
  debianPackages: 'lua5.4',
  sentinel: `do local f = io.open('/proc/self/fd/3', 'w'); f:write(string.format('{"n": "%s", "e": "end"}\\n', os.getenv('PASSK_NONCE'))); f:close() end`,
  canaries: {
    wrong: 'local function add(a, b) return a - b end\nassert(add(1, 1) == 2)\n',
    earlyExits: ['os.exit(0)\n'],
    sleeper: (seconds) => `local t = os.time() + ${seconds}\nwhile os.time() < t do end\n`,
    comment: comment('--'),
  },
  diagnose: (outcome) => {
    // "lua5.4: program.lua:2: assertion failed!", the interpreter named as it was started.
    const prefix = /^(?:\S*\/)?lua[\d.]*: /;
    if (!/^(?:\S*\/)?lua[\d.]*: /m.test(outcome.stderrTail)) return undefined;
    const message = firstLine(outcome.stderrTail, prefix).replace(prefix, '');
    const failed = /assertion failed!/.test(message);
    return {
      status: failed ? 'failed' : 'error',
      errorType: failed ? 'AssertionError' : 'LuaError',
      message,
    };
  },
});
