import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RawOutcome } from '../worker/protocol.js';
import { RESULT_FD } from '../worker/protocol.js';
import { NONCE_FD } from './nonce-channel.js';
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
  /** Host paths outside /usr it needs (read-only), e.g. its configuration under /etc. */
  mounts?: string[];
  /**
   * One line put first (after a `#lang`/`#!` line): reads the nonce's pipe (nonce-channel.ts) to
   * its end into `passk_nonce` (Racket: `passk-nonce`), before any of the program's statements.
   */
  prologue: string;
  /** Statement(s) writing the end event to RESULT_FD with that nonce (none when it was empty). */
  sentinel: string;
  canaries: Canaries;
  diagnose(outcome: RawOutcome): Diagnosis | undefined;
}

/**
 * Issue 25: the tests' assertion is a name the candidate's code could rebind before the tests
 * run (Lua `assert`/luaunit, Ruby test-unit methods, Perl `eq_deeply`/`CORE::GLOBAL::exit`, R
 * `stopifnot`/`all.equal`, Racket `check-within`). Each prologue captures what the tests' checks
 * are before the program's first statement; each sentinel compares, after the tests and before
 * the end event, and on a rebinding prints this mark and exits 1 (verdict.ts: tamper).
 */
const REBOUND = String.raw`passk: tamper: assert-rebound\n`;

const comment = (prefix: string) => (text: string) => `${prefix} ${text.replace(/\n/g, ' ')}\n`;

/**
 * `prologue` as the program's first line: after its `#lang` line (Racket: the module starts
 * there; comments may come before it) or its `#!` line.
 */
export function withPrologue(source: string, prologue: string): string {
  const head = /^#lang[^\n]*\n/m.exec(source) ?? /^#![^\n]*\n/.exec(source);
  if (!head) return `${prologue}\n${source}`;
  const at = head.index + head[0].length;
  return `${source.slice(0, at)}${prologue}\n${source.slice(at)}`;
}

function script(spec: ScriptLanguage): Runtime {
  return defineProcessRuntime({
    language: spec.language,
    versionArgv: spec.versionArgv,
    debianPackages: spec.debianPackages,
    canaries: spec.canaries,
    ...(spec.mounts ? { mounts: spec.mounts } : {}),
    plan: (source) => ({
      files: { [spec.file]: `${withPrologue(source, spec.prologue)}\n${spec.sentinel}\n` },
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
  prologue: `<?php $passk_nonce = (string) @file_get_contents('php://fd/${NONCE_FD}'); ?>`,
  sentinel: `?><?php if ($passk_nonce !== '') file_put_contents('php://fd/${RESULT_FD}', sprintf('{"n": "%s", "e": "end"}' . "\\n", $passk_nonce));`,
  canaries: {
    wrong: '<?php\nfunction add($a, $b) { return $a - $b; }\nassert(add(1, 1) == 2);\n',
    earlyExits: ['<?php\nexit(0);\n'],
    sleeper: (seconds) => `<?php\nsleep(${seconds});\n`,
    comment: (text) => `<?php // ${text.replace(/\n/g, ' ')} ?>\n`,
  },
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

/**
 * Debian's Ruby ships test-unit (MultiPL-E's Ruby tests `require 'test/unit'`) as a bundled gem;
 * with gems disabled (faster start) its folder and power_assert's go on the load path.
 */
function rubyGemLibs(): string[] {
  const roots = ['/usr/lib/ruby/gems', '/usr/share/rubygems-integration/all/gems'];
  const found: string[] = [];
  for (const gem of ['test-unit', 'power_assert']) {
    // Ruby's own bundled copy first; the newest version within a folder.
    const newest = roots.map((root) => gemDirs(root, gem).sort().at(-1)).find(Boolean);
    if (newest) found.push('-I', `${newest}/lib`);
  }
  return found;
}

function gemDirs(root: string, gem: string): string[] {
  if (!existsSync(root)) return [];
  const nested = root.endsWith('/gems') && !root.includes('rubygems-integration');
  // /usr/lib/ruby/gems/<version>/gems/<gem>-<v>; rubygems-integration/all/gems/<gem>-<v>
  const parents = nested ? readdirSync(root).map((version) => join(root, version, 'gems')) : [root];
  return parents.flatMap((dir) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => new RegExp(`^${gem}-\\d`).test(name))
          .map((name) => join(dir, name))
      : [],
  );
}

/**
 * Ruby: a failed `raise`/test shows as "…: message (ExceptionClass)" on stderr. test-unit runs
 * its tests when the program exits (at_exit), after any statement appended to it: so the end
 * statement runs them itself first (and turns off the at_exit run); a failure raises.
 */
export const ruby = script({
  language: 'ruby',
  interpreter: realBinary('/usr/bin/ruby'),
  flags: ['--disable-gems', ...rubyGemLibs()],
  file: 'program.rb',
  versionArgv: [realBinary('/usr/bin/ruby'), '--version'],
  debianPackages: 'ruby',
  // BEGIN: before the program's own BEGIN blocks, which run before its first statement.
  prologue: `BEGIN { passk_nonce = (File.read('/proc/self/fd/${NONCE_FD}') rescue '') }`,
  sentinel: [
    'if defined?(Test::Unit::AutoRunner) && Test::Unit::AutoRunner.need_auto_run?',
    // A method of test-unit, or an assertion of a test case class, defined in this file.
    '  passk_names = Test::Unit::Assertions.instance_methods + Test::Unit::Assertions.private_instance_methods',
    '  passk_here = lambda { |method| (method.source_location || [])[0] == __FILE__ }',
    '  passk_rebound = ObjectSpace.each_object(Module).any? do |m|',
    "    ours = m.name.to_s.start_with?('Test::Unit')",
    '    names = m.is_a?(Class) && m <= Test::Unit::TestCase ? passk_names & (m.instance_methods + m.private_instance_methods) : []',
    '    names |= m.instance_methods(false) + m.private_instance_methods(false) if ours',
    '    names.any? { |n| passk_here.(m.instance_method(n)) } || (ours && m.singleton_methods(false).any? { |n| passk_here.(m.method(n)) })',
    '  end',
    `  (STDERR.write("${REBOUND}"); exit!(1)) if passk_rebound`,
    '  Test::Unit::AutoRunner.need_auto_run = false',
    "  raise Test::Unit::AssertionFailedError, 'a test-unit test failed or raised' unless Test::Unit::AutoRunner.run",
    'end',
    `IO.new(3).write(format(%q({"n": "%s", "e": "end"}) + "\\n", passk_nonce)) unless passk_nonce.empty?`,
  ].join('\n'),
  canaries: {
    wrong:
      'class AssertionError < StandardError; end\ndef add(a, b) = a - b\nraise AssertionError unless add(1, 1) == 2\n',
    earlyExits: [
      'exit 0\n',
      "require 'test/unit'\nclass T < Test::Unit::TestCase\n  def test_exit\n    exit 0\n  end\n  def test_no\n    assert_equal(1, 2)\n  end\nend\n",
    ],
    harnessAttacks: [
      "require 'test/unit'\nmodule Test::Unit::Assertions\n  def assert_equal(*) = nil\nend\nclass T < Test::Unit::TestCase\n  def test_no\n    assert_equal(1, 2)\n  end\nend\n",
    ],
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
  prologue: `local passk_nonce = (function() local f = io.open('/proc/self/fd/${NONCE_FD}') if not f then return '' end local t = f:read('a') f:close() return t or '' end)() local passk_bound = (function() local t = { assert = assert, error = error, pairs = pairs, type = type, getmetatable = getmetatable, rawget = rawget, mt = getmetatable(_G), loaded = package.loaded, stderr = io.stderr, exit = os.exit, fns = {} } local ok, lu = pcall(require, 'luaunit') if ok and type(lu) == 'table' then t.lu = lu for k, v in pairs(lu) do if type(v) == 'function' then t.fns[k] = v end end if type(lu.LuaUnit) == 'table' then t.run = lu.LuaUnit.run end end return t end)()`,
  sentinel: [
    'do local b = passk_bound local rebound = assert ~= b.assert or error ~= b.error or b.getmetatable(_G) ~= b.mt',
    "if b.lu then rebound = rebound or b.loaded.luaunit ~= b.lu or (b.rawget(_G, 'lu') ~= nil and b.rawget(_G, 'lu') ~= b.lu) or (b.run ~= nil and b.lu.LuaUnit.run ~= b.run) for k, v in b.pairs(b.fns) do rebound = rebound or b.rawget(b.lu, k) ~= v end end",
    `if rebound then b.stderr:write('${REBOUND}') b.exit(1) end end`,
    `if passk_nonce ~= '' then local f = io.open('/proc/self/fd/${RESULT_FD}', 'w'); f:write(string.format('{"n": "%s", "e": "end"}\\n', passk_nonce)); f:close() end`,
  ].join('\n'),
  canaries: {
    wrong: 'local function add(a, b) return a - b end\nassert(add(1, 1) == 2)\n',
    earlyExits: ['os.exit(0)\n'],
    harnessAttacks: [
      'assert = function() return true end\nlocal function add(a, b) return a - b end\nassert(add(1, 1) == 2)\n',
    ],
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

/** R (Rscript): MultiPL-E's tests are `stopifnot(isTRUE(all.equal(…)))`. */
export const r = script({
  language: 'r',
  interpreter: '/usr/bin/Rscript',
  flags: ['--vanilla'],
  file: 'program.R',
  versionArgv: ['/usr/bin/Rscript', '--version'],
  debianPackages: 'r-base-core',
  // R_HOME/etc is a link to /etc/R (Renviron, ldpaths), which the sandbox does not otherwise show;
  // libblas/liblapack and `which` (run by utils' .onLoad) are links into /etc/alternatives.
  mounts: ['/etc/R', '/etc/alternatives'],
  prologue: `passk_nonce <- local({ passk_in <- file('/proc/self/fd/${NONCE_FD}', 'r'); on.exit(close(passk_in)); paste(readLines(passk_in, warn = FALSE), collapse = '') }); passk_bound <- list(stopifnot = base::stopifnot, isTRUE = base::isTRUE, all.equal = base::all.equal)`,
  // Evaluated where only base is seen (the program's globals could rebind `any`, `get`, …).
  sentinel: `if (base::local({ g <- globalenv(); b <- get('passk_bound', envir = g); any(vapply(names(b), function(n) !identical(get(n, envir = g), b[[n]]) || !identical(get(n, envir = baseenv()), b[[n]]), logical(1))) || any(startsWith(ls(g, all.names = TRUE), 'all.equal.')) }, envir = base::new.env(parent = base::baseenv()))) { base::cat('${REBOUND}', file = base::stderr()); base::quit(status = 1) }
if (nzchar(passk_nonce)) local({ passk_con <- file('/proc/self/fd/${RESULT_FD}', 'w'); cat(sprintf('{"n": "%s", "e": "end"}\\n', passk_nonce), file = passk_con); close(passk_con) })`,
  canaries: {
    wrong: 'add <- function(a, b) a - b\nstopifnot(isTRUE(all.equal(add(1, 1), 2)))\n',
    earlyExits: ['quit(status = 0)\n', 'q("no")\n'],
    harnessAttacks: [
      'stopifnot <- function(...) TRUE\nadd <- function(a, b) a - b\nstopifnot(isTRUE(all.equal(add(1, 1), 2)))\n',
    ],
    sleeper: (seconds) => `Sys.sleep(${seconds})\n`,
    comment: comment('#'),
  },
  diagnose: (outcome) => {
    const line = firstLine(outcome.stderrTail, /^Error/);
    if (!line) return undefined;
    const failed = /is not TRUE|are not all TRUE/.test(outcome.stderrTail);
    return {
      status: failed ? 'failed' : 'error',
      errorType: failed ? 'AssertionError' : 'RError',
      message: line,
    };
  },
});

/** Racket (`#lang racket` modules); rackunit failures are raised (see multipl-e-tests.ts). */
export const racket = script({
  language: 'racket',
  interpreter: '/usr/bin/racket',
  file: 'program.rkt',
  versionArgv: ['/usr/bin/racket', '--version'],
  debianPackages: 'racket',
  // Debian's installation config (where the collections are) lives in /etc/racket.
  mounts: ['/etc/racket'],
  // Read while the module expands (define-syntax right-hand sides run in order, before any
  // macro of the program's), then put into the module as a literal.
  prologue: `(define-syntax passk-nonce-taken (let ([n (let ([in (open-input-file "/proc/self/fd/${NONCE_FD}")]) (begin0 (let loop ([acc '()]) (let ([c (read-char in)]) (if (eof-object? c) (list->string (reverse acc)) (loop (cons c acc))))) (close-input-port in)))]) (lambda (stx) (datum->syntax stx n)))) (define passk-nonce (passk-nonce-taken))`,
  // A check name of the tests bound by a definition of this module (shadowing rackunit's).
  sentinel: `(define-syntax (passk-rebound stx) (datum->syntax stx (for/or ([n '(check-within check-equal? current-check-handler raise)]) (let ([b (identifier-binding (datum->syntax stx n))]) (and (pair? b) (let-values ([(p base) (module-path-index-split (car b))]) (and (not p) (not base))))))))
(when (passk-rebound) (eprintf "${REBOUND}") (exit 1))
(unless (string=? passk-nonce "") (let ([passk-out (open-output-file "/proc/self/fd/${RESULT_FD}" #:exists 'append)]) (fprintf passk-out "{\\"n\\": \\"~a\\", \\"e\\": \\"end\\"}\\n" passk-nonce) (close-output-port passk-out)))`,
  canaries: {
    wrong:
      '#lang racket\n(require rackunit)\n(current-check-handler raise)\n(define (add a b) (- a b))\n(check-equal? (add 1 1) 2)\n',
    earlyExits: ['#lang racket\n(exit 0)\n'],
    harnessAttacks: [
      '#lang racket\n(define (check-equal? . _) (void))\n(require rackunit)\n(current-check-handler raise)\n(check-equal? 1 2)\n',
    ],
    sleeper: (seconds) => `#lang racket\n(sleep ${seconds})\n`,
    comment: comment(';'),
  },
  diagnose: (outcome) => {
    const stderr = outcome.stderrTail;
    // A raised check failure prints an empty message, its location, and rackunit's check.rkt.
    if (/rackunit\/private\/check\.rkt/.test(stderr)) {
      const at = firstLine(stderr, /\.rkt:\d+:\d+/);
      return {
        status: 'failed',
        errorType: 'CheckFailure',
        message: `a rackunit check failed ${at}`.trim(),
      };
    }
    const line = firstLine(stderr, /\S/);
    return line ? { status: 'error', errorType: 'RacketError', message: line } : undefined;
  },
});
