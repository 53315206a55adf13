import { canaryFolder } from '../kit/canary-folder.js';
import { firstLine, realBinary } from '../kit/process-runtime.js';
import { comment, script } from '../kit/script-language.js';

/** Debian's elixir (1.14): a shell script that starts erl (on the sandbox's PATH) with its libs. */
const ELIXIR = realBinary('/usr/bin/elixir');

/** What passk_sentinel.exs prints when ExUnit reported failures. */
const FAILED = /^passk-elixir: (\d+) of (\d+) tests failed/m;

/**
 * Elixir scripts (`elixir file.exs`, as McEval runs them): McEval's tests are ExUnit cases, which
 * passk's sentinel runs after the program (passk_sentinel.exs) and judges: a failed case is
 * `failed`; an uncaught error before them (`** (CompileError)`, `** (ArithmeticError)`) an error.
 */
export const elixir = script({
  language: 'elixir',
  interpreter: ELIXIR,
  // BEAM reserves a 1 GiB literal area at start: under an address-space limit near 2 GiB (passk's
  // default) erl then dies of SIGSEGV. 512 MiB is room for any program's literals here, and erl
  // needs at least 1.5 GiB in all, so the run gets 2 GiB at least (as the JVM does).
  flags: ['--erl', '+MIscs 512'],
  memoryFloorBytes: 2 * 2 ** 30,
  file: 'program.exs',
  versionArgv: [ELIXIR, '--short-version'],
  debianPackages: 'elixir',
  moduleUrl: import.meta.url,
  canaries: canaryFolder(import.meta.url, '.exs', comment('#')),
  diagnose: (outcome) => {
    if (outcome.exitCode !== 1) return undefined;
    const failed = FAILED.exec(outcome.stderrTail);
    if (failed) return { status: 'failed', errorType: 'ExUnitFailure', message: failed[0] };
    const raised = /^\*\* \(([\w.]+)\)/m.exec(outcome.stderrTail);
    if (!raised) return undefined;
    const message = firstLine(outcome.stderrTail, /^\*\* \(/);
    return { status: 'error', errorType: raised[1] ?? 'Error', message };
  },
});
