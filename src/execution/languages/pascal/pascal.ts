import type { RawOutcome } from '../../worker/protocol.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { compiledPlan } from '../kit/compiled-plan.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { defineProcessRuntime, firstLine, realBinary } from '../kit/process-runtime.js';
import type { Diagnosis } from '../kit/types.js';

/**
 * Debian's Free Pascal 3.2 compiler itself (fp-compiler): the `fpc` driver only starts it, and
 * finds it through /etc/alternatives, which the sandbox does not mount.
 */
const FPC = realBinary('/usr/bin/ppcx64');
const UNITS = '/usr/lib/x86_64-linux-gnu/fpc/3.2.2/units/x86_64-linux';

/** passk's unit (passk_guard.pas): the nonce, the end event, the AssertErrorProc check. */
const GUARD = harnessFile(import.meta.url, 'passk_guard.pas', { NONCE_FD, RESULT_FD });

/**
 * McEval's `fpc file -MObjfpc` with Debian's /etc/fpc.cfg, which the sandbox does not see: -n
 * skips it and its flags that change what compiles are given here (-Sgic: goto, inline, C
 * operators such as `+=`; the RTL's unit paths).
 */
const FLAGS = ['-n', '-MObjfpc', '-Sgic', `-Fu${UNITS}/rtl`, `-Fu${UNITS}/*`, '-Fapassk_guard'];

/**
 * The end sentinel: a call to passk_end before the main block's final `end.`, on its line (the
 * program's lines keep their numbers). The `;` before it ends the last statement if it has none
 * (an empty statement if it has). A source without `end.` gets none and never passes.
 */
export function withEndCall(source: string): string {
  const ends = [...source.matchAll(/\bend\s*\./gi)];
  const last = ends.at(-1);
  if (last?.index === undefined) return source;
  return `${source.slice(0, last.index)};passk_end; ${source.slice(last.index)}`;
}

/** A failed Assert is run-time error 227, or with SysUtils an unhandled EAssertionFailed (217). */
function diagnose(outcome: RawOutcome): Diagnosis | undefined {
  const stderr = outcome.stderrTail;
  if (outcome.exitCode === 227 || /EAssertionFailed/.test(stderr)) {
    const message = firstLine(stderr, /Assert/, 'Assertion failed');
    return { status: 'failed', errorType: 'AssertionFailed', message };
  }
  const runtime = /Runtime error (\d+)|An unhandled exception occurred/.exec(stderr);
  if (runtime) {
    return { status: 'error', errorType: 'RuntimeError', message: firstLine(stderr, /\S/) };
  }
  return undefined;
}

export const pascal = defineProcessRuntime({
  language: 'pascal',
  versionArgv: [FPC, '-iV'],
  debianPackages: 'fp-compiler',
  canaries: canaryFolder(import.meta.url, '.pas', (text) => `// ${text.replace(/\n/g, ' ')}\n`),
  plan(source, limits, version) {
    const files = { 'program.pas': withEndCall(source), 'passk_guard.pas': GUARD };
    // Units the program uses may load SysUtils, which replaces AssertErrorProc: see the unit.
    const uses = /\buses\b/i.test(source) ? ['-dPASSK_USES'] : [];
    const argv = [FPC, ...FLAGS, ...uses, 'program.pas', '-oprogram'];
    const run = { argv: ['{artifacts}/program'] };
    return compiledPlan({ files, argv, version, limits, compileMs: 60_000, run });
  },
  diagnose,
});
