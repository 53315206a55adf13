import { canaryFolder } from '../kit/canary-folder.js';
import { defineProcessRuntime, firstLine, realBinary } from '../kit/process-runtime.js';
import { comment, scriptHarness, withPrologue } from '../kit/script-language.js';

/** /usr/bin/vim is a link through /etc/alternatives (vim-nox's binary here). */
const VIM = realBinary('/usr/bin/vim');

/** Where Vim's terminal codes start (they may end a line of its messages). */
const ESCAPE = String.fromCharCode(27);

const HARNESS = { file: 'program.vim', moduleUrl: import.meta.url };
const PROLOGUE = scriptHarness(HARNESS, 'prologue');
const SENTINEL = scriptHarness(HARNESS, 'sentinel');

/** A last line that quits Vim (`exit(0)`, `exit 0`, `qa!`, `wq`, …). */
const QUIT =
  /^\s*:?(?:exi(?:t)?|x(?:it)?|xa(?:ll)?|q(?:uit)?|qa(?:ll)?|wq|wqa(?:ll)?)!?(?:[\s(|].*)?$/;

/**
 * The program as Vim sources it: the prologue first; the sentinel before the program's last
 * line when that line quits Vim (McEval's tests end with `exit(0)`), else at its end; then
 * `qall!`, so that a program that does not quit does not leave Vim waiting for input.
 */
export function vimProgram(source: string): string {
  const lines = source.replace(/\s+$/, '').split('\n');
  const last = lines.at(-1) ?? '';
  const body = QUIT.test(last) ? [...lines.slice(0, -1), SENTINEL, last] : [...lines, SENTINEL];
  return `${withPrologue(body.join('\n'), PROLOGUE)}\nqall!\n`;
}

/**
 * Vim script under Vim 9 (vim-nox), as McEval runs it: `vim -u NONE -i NONE -n -N --cmd 'source
 * <file>'`, plus `--not-a-term` (Vim otherwise waits 2 s after warning that it has no terminal;
 * nothing else changes). The tests are `if assert_equal(…) | cq | endif` lines and a final
 * `exit(0)`: a failed check quits with status 1. passk also fails a run in which Vim displayed an
 * error message (the sentinel, passk_sentinel.vim), which McEval's exit status does not see.
 */
export const vimscript = defineProcessRuntime({
  language: 'vimscript',
  versionArgv: [VIM, '--version'],
  debianPackages: 'vim-nox',
  canaries: canaryFolder(import.meta.url, '.vim', comment('"')),
  plan: (source) => ({
    files: { 'program.vim': vimProgram(source) },
    run: {
      // With a terminal type, Vim writes its messages (errors, the harness's) to stderr.
      env: { TERM: 'xterm' },
      argv: [
        VIM,
        '--not-a-term',
        '-u',
        'NONE',
        '-i',
        'NONE',
        '-n',
        '-N',
        '--cmd',
        'source {scratch}/program.vim',
        // Reached only when the file did not quit Vim (an unclosed `function!` swallows the
        // sentinel and the final qall!). Later, Vim would prompt "Press ENTER" and, its input not
        // a terminal, read the answer from stderr: until the time limit.
        '--cmd',
        'cquit 1',
      ],
    },
  }),
  // The prologue's and sentinel's stderr lines: a failed assertion, or a Vim error (E-number).
  diagnose: (outcome) => {
    if (outcome.exitCode !== 1) return undefined;
    const stderr = outcome.stderrTail.replace(/\r/g, '');
    const failed = firstLine(stderr, /^passk: assertion failed: /);
    if (failed) {
      const message = failed.replace(/^passk: assertion failed: /, '');
      return { status: 'failed', errorType: 'AssertionFailed', message };
    }
    // The sentinel's report, else Vim's own first error (a file that never reached the sentinel).
    const error =
      firstLine(stderr, /^passk: vim error: /).replace(/^passk: vim error: /, '') ||
      (/^E\d+: [^\n]*/m.exec(stderr)?.[0].split(ESCAPE)[0] ?? '');
    if (!error) return undefined;
    return {
      status: 'error',
      errorType: /^(E\d+):/.exec(error)?.[1] ?? 'VimError',
      message: error,
    };
  },
});
