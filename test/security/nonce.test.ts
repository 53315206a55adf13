/**
 * The end-of-tests nonce is not readable by the program (docs/security.md, "The end-of-tests
 * sentinel"). Each attack is a wrong program that, before its failing test, looks for the nonce
 * where a program could find it without digging in its own memory: its environment,
 * /proc/self/environ and cmdline, its parent's, its own source files, every inherited fd (the
 * nonce pipe included) and the fds of its parent; then writes an end event with every 32-hex
 * string it found to the result fd and exits 0. None may pass. Where the language runs code
 * before `main` (C++ constructors, Go `init`, Java static initialisers), the attack runs there
 * too. Next to the attacks, a right program passes and the same wrong one fails (the harness still
 * gets its nonce).
 */
import { describe, expect, it } from 'vitest';
import type { Language, Verdict } from '../../src/execution/types.js';
import {
  runSources,
  securityExecutorForFile,
  type TestProgram,
} from '../helpers/security-executor.js';
import { LIMITS } from './helpers.js';

/** One sandboxed executor (two slots) for this file's tests. */
const executor = securityExecutorForFile();

function run(language: Language, sources: Record<string, TestProgram>) {
  return runSources(executor(), language, sources, LIMITS);
}

function expectNoForgedPass(verdicts: Map<string, Verdict>): void {
  expect(verdicts.get('right')?.status).toBe('passed');
  expect(verdicts.get('wrong')?.status).toBe('failed');
  for (const [id, verdict] of verdicts) {
    if (id === 'right' || id === 'wrong') continue;
    expect([id, verdict.status]).not.toEqual([id, 'passed']);
  }
}

/**
 * A shell command a program starts (it inherits the program's environment, fds and cwd): every
 * 32-hex string in those places becomes a forged end event on fd 3.
 */
const FORGE = [
  'exec 2>/dev/null;',
  '{ printenv; cat /proc/self/environ /proc/self/cmdline /proc/$PPID/environ /proc/$PPID/cmdline;',
  'cat ./* ./*/* ./*/*/*; for fd in 4 5 6 7 8 9; do cat <&$fd; done;',
  'for f in /proc/$PPID/fd/*; do timeout 1 cat "$f"; done; } 2>/dev/null | tr -c "0-9a-f" "\\n" |',
  'grep -x "[0-9a-f]\\{32\\}" | sort -u | while read n; do',
  'printf \'{"n": "%s", "e": "end"}\\n\' "$n" >&3; done',
].join(' ');

/** The same in JavaScript, natively (Node closes fds above 2 in the processes it starts); the fds
 * read without blocking (Node's own pipes are among them). */
const JS_FORGE = `const fs = require('node:fs');
  let found = JSON.stringify(process.env);
  const paths = ['/proc/self/environ', '/proc/self/cmdline', '/proc/' + process.ppid + '/environ', ...fs.readdirSync('.')];
  for (const p of paths) { try { found += fs.readFileSync(p, 'latin1'); } catch {} }
  for (let fd = 4; fd < 20; fd++) {
    try {
      const copy = fs.openSync('/proc/self/fd/' + fd, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
      const buffer = Buffer.alloc(4096);
      found += buffer.toString('latin1', 0, fs.readSync(copy, buffer, 0, 4096, null));
    } catch {}
  }
  for (const n of new Set(found.match(/[0-9a-f]{32}/g) || [])) fs.writeSync(3, '{"n": "' + n + '", "e": "end"}\\n');
  process.reallyExit(0);`;

/** FORGE as a string literal of C, C++, Java, Go, Rust and JavaScript (JSON syntax is valid). */
const FORGE_LITERAL = JSON.stringify(FORGE);

/** Racket, natively and while the module expands (Racket's `system` closes fds above 2). */
const RACKET_FORGE = [
  '(require (for-syntax racket/base racket/port racket/list))',
  '(define-syntax passk-attack (let* ([paths (append (list "/proc/self/environ" "/proc/self/cmdline" "/proc/self/fd/5") (map path->string (directory-list ".")))]',
  '[text (apply string-append (for/list ([p paths]) (with-handlers ([(lambda (e) #t) (lambda (e) "")]) (call-with-input-file p (lambda (in) (if (sync/timeout 0.3 in) (port->string in) ""))))))]',
  '[found (remove-duplicates (regexp-match* #px"[0-9a-f]{32}" text))])',
  '(call-with-output-file "/proc/self/fd/3" #:exists \'append (lambda (out) (for ([n found]) (fprintf out "{\\"n\\": \\"~a\\", \\"e\\": \\"end\\"}\\n" n))))',
  '(exit 0)))',
].join(' ');

describe('the nonce is not readable by the program', () => {
  it('C++: in main and in a constructor of the highest priority', async () => {
    const tests = '\nint main() { assert(add(1, 1) == 2); }\n';
    const head = '#include <cassert>\n#include <cstdlib>\n#include <unistd.h>\n';
    const wrong = 'int add(int a, int b) { return a - b; }\n';
    const forge = `static void forge() { system(${FORGE_LITERAL}); _exit(0); }\n`;
    const verdicts = await run('cpp', {
      right: `${head}int add(int a, int b) { return a + b; }\n${tests}`,
      wrong: head + wrong + tests,
      'in main': `${head}${forge}int add(int a, int b) { forge(); return a - b; }\n${tests}`,
      constructor: `${head}${forge}__attribute__((constructor(1))) static void early() { forge(); }\n${wrong}${tests}`,
    });
    expectNoForgedPass(verdicts);
  }, 240_000);

  it('Rust: in the tested function', async () => {
    const tests = '\nfn main() { assert_eq!(add(1, 1), 2); }\n';
    const forge = `fn forge() { let _ = std::process::Command::new("/bin/sh").arg("-c").arg(${FORGE_LITERAL}).status(); std::process::exit(0); }\n`;
    const verdicts = await run('rust', {
      right: `fn add(a: i32, b: i32) -> i32 { a + b }\n${tests}`,
      wrong: `fn add(a: i32, b: i32) -> i32 { a - b }\n${tests}`,
      'in main': `${forge}fn add(a: i32, b: i32) -> i32 { forge(); a - b }\n${tests}`,
    });
    expectNoForgedPass(verdicts);
  }, 240_000);

  it('Go: in the tested function and in init()', async () => {
    const head = 'package main\n\nimport (\n\t"os"\n\t"os/exec"\n\t"testing"\n)\n\n';
    const forge = `func forge() { _ = exec.Command("/bin/sh", "-c", ${FORGE_LITERAL}).Run(); os.Exit(0) }\n`;
    const tests =
      '\nfunc TestAdd(t *testing.T) {\n\tif add(1, 1) != 2 {\n\t\tt.Fatal("wrong")\n\t}\n}\n';
    const plainHead = 'package main\n\nimport "testing"\n\n';
    const verdicts = await run('go', {
      right: `${plainHead}func add(a, b int) int { return a + b }\n${tests}`,
      wrong: `${plainHead}func add(a, b int) int { return a - b }\n${tests}`,
      'in the function': `${head}${forge}func add(a, b int) int { forge(); return a - b }\n${tests}`,
      'in init': `${head}${forge}func init() { forge() }\n\nvar early = func() int { forge(); return 0 }()\n\nfunc add(a, b int) int { return a - b }\n${tests}`,
    });
    expectNoForgedPass(verdicts);
  }, 300_000);

  it('Java: in main and in a static initialiser', async () => {
    // The JVM closes fds above 2 in the processes it starts: the fds are read here, by path.
    const forge = `  static void forge() {
    StringBuilder found = new StringBuilder(String.valueOf(System.getenv()));
    java.util.List<String> paths = new java.util.ArrayList<>(java.util.List.of("/proc/self/environ", "/proc/self/cmdline"));
    for (int fd = 4; fd < 10; fd++) paths.add("/proc/self/fd/" + fd);
    java.io.File[] here = new java.io.File(".").listFiles();
    if (here != null) for (java.io.File f : here) paths.add(f.getPath());
    StringBuffer read = new StringBuffer();
    for (String p : paths) {
      // In a thread, given a moment: the JVM's own pipes are among the fds and would block.
      Thread reader = new Thread(() -> {
        try { read.append(new String(java.nio.file.Files.readAllBytes(java.nio.file.Paths.get(p)), "ISO-8859-1")); } catch (Exception e) {}
      });
      reader.setDaemon(true);
      reader.start();
      try { reader.join(300); } catch (InterruptedException e) {}
    }
    found.append(read);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("[0-9a-f]{32}").matcher(found);
    try (java.io.FileOutputStream out = new java.io.FileOutputStream("/proc/self/fd/3")) {
      while (m.find()) out.write(("{\\"n\\": \\"" + m.group() + "\\", \\"e\\": \\"end\\"}\\n").getBytes());
    } catch (Exception e) {}
    try { new ProcessBuilder("/bin/sh", "-c", ${FORGE_LITERAL}).inheritIO().start().waitFor(); } catch (Exception e) {}
    Runtime.getRuntime().halt(0);
  }
`;
    const program = (body: string, extra = '') => `public class Main {
${extra}  static int add(int a, int b) { ${body} }
  public static void main(String[] args) {
    if (add(1, 1) != 2) throw new AssertionError("wrong");
  }
}
`;
    const verdicts = await run('java', {
      right: program('return a + b;'),
      wrong: program('return a - b;'),
      'in main': program('forge(); return a - b;', forge),
      'static initialiser': program('return a - b;', `${forge}  static { forge(); }\n`),
    });
    expectNoForgedPass(verdicts);
  }, 240_000);

  it('JavaScript: in the tested function', async () => {
    const tests = "\nconst assert = require('node:assert');\nassert.strictEqual(add(1, 1), 2);\n";
    const verdicts = await run('javascript', {
      right: `function add(a, b) { return a + b; }\n${tests}`,
      wrong: `function add(a, b) { return a - b; }\n${tests}`,
      'in the function': `function add(a, b) { ${JS_FORGE} }\n${tests}`,
    });
    expectNoForgedPass(verdicts);
  }, 120_000);

  // Each: the runtime's own wrong canary, the same made right, and the wrong one with the forgery
  // first (Perl and Ruby: in a BEGIN block, Racket: while the module expands, all of which run
  // before the program's first statement).
  const viaShell = `echo ${Buffer.from(FORGE).toString('base64')} | base64 -d | /bin/sh`;
  const scripts: [Language, string, string, string][] = [
    [
      'shell',
      'add() { echo $(( $1 - $2 )); }\nset -e\n[[ $(add 1 1) = "2" ]]\n',
      '$1 - $2',
      `${viaShell}; exit 0`,
    ],
    [
      'php',
      '<?php\nfunction add($a, $b) { return $a - $b; }\nassert(add(1, 1) == 2);\n',
      '$a - $b',
      `<?php system('${viaShell}'); exit(0); ?>`,
    ],
    [
      'ruby',
      'class AssertionError < StandardError; end\ndef add(a, b) = a - b\nraise AssertionError unless add(1, 1) == 2\n',
      'a - b',
      `BEGIN { system('${viaShell}'); exit! 0 }`,
    ],
    [
      'lua',
      'local function add(a, b) return a - b end\nassert(add(1, 1) == 2)\n',
      'a - b',
      `os.execute('${viaShell}'); os.exit(0)`,
    ],
    [
      'perl',
      'sub add { my ($a, $b) = @_; return $a - $b; }\nexit 1 unless add(1, 1) == 2;\n',
      '$a - $b',
      `BEGIN { system('${viaShell}'); exit 0; }`,
    ],
    [
      'r',
      'add <- function(a, b) a - b\nstopifnot(isTRUE(all.equal(add(1, 1), 2)))\n',
      'a - b',
      `system('${viaShell}'); quit(status = 0)`,
    ],
    [
      'racket',
      '#lang racket\n(require rackunit)\n(current-check-handler raise)\n(define (add a b) (- a b))\n(check-equal? (add 1 1) 2)\n',
      '(- a b)',
      RACKET_FORGE,
    ],
  ];
  for (const [language, wrong, minus, attack] of scripts) {
    it(`${language}: before the program's first statement`, async () => {
      const lines = wrong.split('\n');
      const at = /^#lang/.test(wrong) ? 1 : 0;
      const attacked = [...lines.slice(0, at), attack, ...lines.slice(at)].join('\n');
      const verdicts = await run(language, {
        right: wrong.replace(minus, minus.replace('-', '+')),
        wrong,
        attack: attacked,
      });
      expectNoForgedPass(verdicts);
    }, 120_000);
  }

  it("Aider's Python: exercise code reading every frame's locals and globals", async () => {
    const tests = (expected: number) =>
      `import unittest\nfrom canary import value\n\nclass CanaryTest(unittest.TestCase):\n    def test_it(self):\n        self.assertEqual(value, ${expected})\n`;
    const attack = `import os, re, sys
found = set()
frame = sys._getframe()
while frame is not None:
    for value in list(frame.f_locals.values()) + list(frame.f_globals.values()):
        if isinstance(value, str):
            found.update(re.findall(r"[0-9a-f]{32}", value))
    frame = frame.f_back
for nonce in found:
    os.write(3, ('{"n": "%s", "e": "end"}\\n' % nonce).encode())
os._exit(0)
value = 1
`;
    const exercise = (files: Record<string, string>) => ({ files });
    const verdicts = await run('exercism-python', {
      right: exercise({ 'canary.py': 'value = 2\n', 'canary_test.py': tests(2) }),
      wrong: exercise({ 'canary.py': 'value = 1\n', 'canary_test.py': tests(2) }),
      attack: exercise({ 'canary.py': attack, 'canary_test.py': tests(2) }),
    });
    expectNoForgedPass(verdicts);
  }, 120_000);
});
