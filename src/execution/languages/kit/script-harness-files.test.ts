import { describe, expect, it } from 'vitest';
import type { ResolvedLimits } from '../../worker/protocol.js';
import { GROOVY_JARS } from '../groovy/groovy.js';
import { LANGUAGE_MODULES } from '../registry.js';
import { checkFiles } from './harness-files.test-helpers.js';
import { NONCE_FD } from './nonce-channel.js';

const LIMITS: ResolvedLimits = {
  timeoutMs: 5000,
  memoryBytes: 2 ** 30,
  cpuSeconds: 6,
  outputBytes: 1 << 20,
} as ResolvedLimits;

/**
 * Each script language's prologue and sentinel (passk_prologue.* / passk_sentinel.* in its
 * folder), as a program receives them around its code, pass the language's own syntax check.
 * Racket expands the prologue's macro, which reads the nonce's pipe: the check gets one (empty).
 */
const CHECKS: Record<string, (file: string) => string[]> = {
  lua: (file) => ['/usr/bin/luac5.4', '-p', file],
  ruby: (file) => ['/usr/bin/ruby', '-c', file],
  php: (file) => ['/usr/bin/php', '-l', file],
  perl: (file) => ['/usr/bin/perl', '-c', file],
  r: (file) => ['/usr/bin/Rscript', '-e', `invisible(parse("${file}"))`],
  racket: (file) => ['/bin/sh', '-c', `exec ${NONCE_FD}</dev/null; /usr/bin/raco make ${file}`],
  shell: (file) => ['/usr/bin/bash', '-n', file],
  // Tcl has no syntax-only mode: every command of the file must be complete (braces, quotes).
  tcl: (file) => [
    '/bin/sh',
    '-c',
    `echo 'exit [expr {![info complete [read [open ${file}]]]}]' | /usr/bin/tclsh`,
  ],
  // Common Lisp: every form of the file is read (not evaluated); a reader error exits 1.
  lisp: (file) => [
    '/usr/bin/sbcl',
    '--non-interactive',
    '--no-userinit',
    '--eval',
    `(with-open-file (s "${file}") (loop until (eq (read s nil :eof) :eof)))`,
  ],
  // Emacs Lisp: the parentheses balance (check-parens, an error exits 255) and every form reads.
  elisp: (file) => [
    '/usr/bin/emacs',
    '--batch',
    '--eval',
    `(with-temp-buffer (insert-file-contents "${file}") (emacs-lisp-mode) (check-parens) (goto-char (point-min)) (while (progn (forward-comment (buffer-size)) (not (eobp))) (read (current-buffer))))`,
  ],
  // Vim script has no syntax-only mode: the program is sourced with its `cq` taken out (so the
  // wrong canary runs on to the sentinel) and no nonce; any Vim error message (E<n>:) fails.
  vimscript: (file) => [
    '/bin/sh',
    '-c',
    `sed 's/| cq |/| let g:failed = 1 |/' ${file} > checked.vim && TERM=xterm /usr/bin/vim --not-a-term -u NONE -i NONE -n -N --cmd 'source checked.vim' </dev/null 5</dev/null 2>errors.txt >/dev/null; grep -q 'assertion failed' errors.txt && ! grep -E 'E[0-9]+:' errors.txt`,
  ],
  // Elixir: the file is parsed to its quoted form, not evaluated; a syntax error raises (exit 1).
  elixir: (file) => [
    '/usr/bin/elixir',
    '-e',
    `Code.string_to_quoted!(File.read!("${file}"), file: "${file}")`,
  ],
  // Groovy: compiled to classes by groovyc's compiler (on the JDK, as the runtime runs Groovy 4).
  groovy: (file) => [
    '/usr/bin/java',
    '-cp',
    GROOVY_JARS.join(':'),
    'org.codehaus.groovy.tools.FileSystemCompiler',
    '-d',
    'out',
    file,
  ],
};

describe('script languages: prologue and sentinel files', () => {
  it.each(Object.keys(CHECKS))(
    "%s's program, harness included, passes its syntax check",
    async (name) => {
      const runtime = Object.values((await LANGUAGE_MODULES[name]!()).runtimes)[0]!;
      const { adapter } = await runtime.resolve({});
      const plan = adapter.plan(runtime.canaries.wrong as string, LIMITS);
      const files = plan.plan?.files ?? {};
      const [file, text] = Object.entries(files)[0]!;
      await checkFiles(files, CHECKS[name]!(file));
      expect(text).toContain(
        'passk_nonce'.replace('_', ['racket', 'lisp', 'elisp'].includes(name) ? '-' : '_'),
      );
      expect(text).not.toMatch(/\{\{[A-Z_]+\}\}/);
    },
    120_000,
  );
});
