/**
 * Redteam (issue 25): in the script languages the tests run after the candidate's code, in its
 * scope, and check through a name the candidate can rebind first. Each attack rebinds the tests'
 * assertion (in the benchmark's own test shape) beside a right and a wrong program: the pass
 * count must not move, and the rebinding is flagged tamper 'assert-rebound'. Real sandbox, real
 * interpreters.
 */
import { describe, expect, it } from 'vitest';
import type { Language } from '../../src/execution/types.js';
import { runSources, securityExecutorForFile } from '../helpers/security-executor.js';
import { LIMITS } from './helpers.js';

const executor = securityExecutorForFile();

interface Case {
  /** The program with `OP` where the right program adds and the wrong one subtracts. */
  program: string;
  /** Code put before the (wrong) program: rebinds the tests' assertion. */
  attacks: Record<string, string>;
}

const CASES: Record<string, Case> = {
  lua: {
    program:
      "local function add(a, b) return a OP b end\nlu = require('luaunit')\nfunction test_add()\n    lu.assertEquals(add(1, 1), 2)\nend\nlocal passk_failures = lu.LuaUnit.run()\nif passk_failures ~= 0 then error('assertion failed!', 0) end\n",
    attacks: {
      patched: "local m = require('luaunit')\nm.assertEquals = function() end\n",
      replaced:
        'package.loaded.luaunit = { assertEquals = function() end, LuaUnit = { run = function() return 0 end } }\n',
    },
  },
  'lua (assert)': {
    program: 'local function add(a, b) return a OP b end\nassert(add(1, 1) == 2)\n',
    attacks: { assert: 'assert = function() return true end\n' },
  },
  ruby: {
    program:
      "def add(a, b) = a OP b\nrequire 'test/unit'\nclass TestAdd < Test::Unit::TestCase\n  def test_add\n    assert_equal(2, add(1, 1))\n  end\nend\n",
    attacks: {
      module:
        "require 'test/unit'\nmodule Test::Unit::Assertions\n  def assert_equal(*) = nil\nend\n",
      subclass:
        "require 'test/unit'\nclass TestAdd < Test::Unit::TestCase\n  def assert_equal(*) = nil\nend\n",
      prepend:
        "require 'test/unit'\nTest::Unit::Assertions.prepend(Module.new { def assert_equal(*) = nil })\n",
    },
  },
  perl: {
    program:
      'use Test::Deep;\nsub add { my ($a, $b) = @_; return $a OP $b; }\nif (eq_deeply(add(1, 1), 2)) { print "ok!" } else { exit 1; }\n',
    attacks: {
      glob: 'no warnings;\n*main::eq_deeply = sub { 1 };\n',
      exit: 'BEGIN { *CORE::GLOBAL::exit = sub { } }\n',
    },
  },
  r: {
    program:
      'add <- function(a, b) a OP b\ntest_add <- function() {\n    stopifnot(isTRUE(all.equal(add(1, 1), 2)))\n}\ntest_add()\n',
    attacks: {
      stopifnot: 'stopifnot <- function(...) TRUE\n',
      method: 'all.equal.numeric <- function(...) TRUE\n',
    },
  },
  racket: {
    program:
      '(define (add a b) (OP a b))\n(require rackunit)\n(current-check-handler raise)\n(check-within (add 1 1) 2 0.001)\n',
    attacks: { shadow: '(define (check-within . _) (void))\n' },
  },
  // McEval's Tcl test shape: a `check` proc whose failing case calls `error`.
  tcl: {
    program:
      'proc add {a b} { return [expr {$a OP $b}] }\nproc check {add} {\nif {[add 1 1] == 2} {\nputs "Test case 1 Passed"\n} else {\nerror "Test case 1 Failed"\n}\n}\ncheck add\n',
    attacks: {
      redefined: 'proc error {args} {}\n',
      renamed: 'rename error passk_error\nproc error {args} {}\n',
      alias: 'interp alias {} ::error {} list\n',
      hidden: 'interp hide {} error\nproc error {args} {}\n',
      'if replaced': 'rename if passk_if\nproc if {args} {}\n',
      'unknown replaced': 'rename error {}\nproc unknown {args} {}\n',
    },
  },
  // McEval's Emacs Lisp test shape: a check function of cl-assert forms, then its call.
  elisp: {
    program:
      "(require 'cl-lib)\n(defun add (a b) (OP a b))\n(defun check-add ()\n(cl-assert (equal (add 1 1) 2)))\n(check-add)\n",
    attacks: {
      macro: '(defmacro cl-assert (&rest _) nil)\n',
      failure: "(require 'cl-lib)\n(defalias 'cl--assertion-failed #'ignore)\n",
      advice: "(require 'cl-lib)\n(advice-add 'cl--assertion-failed :override #'ignore)\n",
      equal: "(fset 'equal (lambda (&rest _) t))\n",
      shorthand: '(setq read-symbol-shorthands \'(("cl-assert" . "ignore")))\n',
      reader:
        "(setq load-read-function (lambda (stream) (let ((form (read stream))) (if (eq (car-safe form) 'check-add) nil form))))\n",
    },
  },
};

const RACKET_HEAD = '#lang racket\n';

/** 'lua (assert)' → 'lua'. */
const languageOf = (name: string) => name.split(' ')[0] as Language;

function sources(language: string, test: Case): Record<string, string> {
  const head = language === 'racket' ? RACKET_HEAD : '';
  const right = test.program.replace('OP', '+');
  const wrong = test.program.replace('OP', '-');
  const attacks = Object.entries(test.attacks).map(([id, code]) => [id, `${head}${code}${wrong}`]);
  return { right: `${head}${right}`, wrong: `${head}${wrong}`, ...Object.fromEntries(attacks) };
}

describe('script languages: rebinding the tests assertion', () => {
  it.each(Object.keys(CASES))(
    '%s',
    async (name) => {
      const test = CASES[name]!;
      const language = languageOf(name);
      const verdicts = await runSources(executor(), language, sources(language, test), LIMITS);
      expect(verdicts.get('right')?.status).toBe('passed');
      expect(verdicts.get('wrong')?.status).toBe('failed');
      for (const id of Object.keys(test.attacks)) {
        const verdict = verdicts.get(id);
        expect([id, verdict?.status, verdict?.tamper]).toEqual([id, 'failed', 'assert-rebound']);
      }
    },
    300_000,
  );

  it('tcl: programs that use autoloaded and library commands pass (no guard is set off by Tcl itself)', async () => {
    const program = [
      'proc add {a b} { return [expr {$a + $b}] }',
      'array set passk_a {x 1}',
      'parray passk_a',
      'set d [dict create a 1 b 2]',
      'set s [clock format [clock seconds] -format %Y]',
      'set l [lsort -integer {3 1 2}]',
      'package require msgcat',
      'if {[add 1 1] != 2 || [dict get $d b] != 2 || [lindex $l 0] != 1} { error "Test case 1 Failed" }',
      '',
    ].join('\n');
    const verdicts = await runSources(executor(), 'tcl', { library: program }, LIMITS);
    expect(verdicts.get('library')?.status).toBe('passed');
  }, 300_000);

  it('elisp: programs that load libraries pass (no guard is set off by a library Emacs loads)', async () => {
    const program = [
      "(require 'cl-lib)",
      "(require 'seq)",
      "(require 'subr-x)",
      "(require 'rx)",
      "(require 'eieio)",
      '(cl-defstruct point x y)',
      '(cl-defgeneric area (shape))',
      '(cl-defmethod area ((p point)) (* (point-x p) (point-y p)))',
      "(cl-assert (equal (cl-remove-if #'cl-oddp '(1 2 3)) '(2)))",
      "(cl-assert (equal (seq-filter #'cl-evenp '(1 2 3 4)) '(2 4)))",
      '(cl-assert (equal (string-join \'("a" "b") ",") "a,b"))',
      '(cl-assert (string-match-p (rx "a" (+ digit)) "a12"))',
      '(cl-assert (= (area (make-point :x 2 :y 3)) 6))',
      '',
    ].join('\n');
    const verdicts = await runSources(executor(), 'elisp', { library: program }, LIMITS);
    expect(verdicts.get('library')?.status).toBe('passed');
  }, 300_000);

  it('php: a function the tests define, defined first, is a fatal error', async () => {
    const tests =
      '\nfunction test(): void {\n    if (add(1, 1) !== 2) { throw new Exception("Test failed!"); }\n}\n\ntest();\n';
    const verdicts = await runSources(
      executor(),
      'php',
      {
        right: `<?php\nfunction add($a, $b) { return $a + $b; }${tests}`,
        wrong: `<?php\nfunction add($a, $b) { return $a - $b; }${tests}`,
        attack: `<?php\nfunction test(): void {}\nfunction add($a, $b) { return $a - $b; }${tests}`,
      },
      LIMITS,
    );
    expect(verdicts.get('right')?.status).toBe('passed');
    expect(verdicts.get('wrong')?.status).toBe('failed');
    expect(verdicts.get('attack')).toMatchObject({ status: 'error', errorType: 'FatalError' });
  }, 300_000);
});
