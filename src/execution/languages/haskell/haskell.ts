import type { RawOutcome } from '../../worker/protocol.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { compiledPlan } from '../kit/compiled-plan.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { defineProcessRuntime, firstLine } from '../kit/process-runtime.js';
import type { Diagnosis } from '../kit/types.js';

/** Debian's GHC 9.0 driver script (it runs /usr/lib/ghc/bin/ghc with its libdir). */
const GHC = '/usr/bin/ghc-9.0.2';

/** passk's main module: reads the nonce, runs the program's main, then writes the end event. */
export const PASSK_MAIN = harnessFile(import.meta.url, 'PasskMain.hs', { NONCE_FD, RESULT_FD });

/** What PasskMain prints when the program's stdout said 'fail' (McEval's check). */
const SAID_FAIL = "passk-haskell: the program's output says it failed";

/**
 * A program's uncaught exception ends it with status 1 and `program: <message>` on stderr
 * (McEval's tests call `error "Test failed"`); 'fail' in its stdout is PasskMain's line.
 */
function diagnose(outcome: RawOutcome): Diagnosis | undefined {
  const stderr = outcome.stderrTail;
  if (stderr.includes(SAID_FAIL)) {
    return { status: 'failed', errorType: 'FailInOutput', message: SAID_FAIL };
  }
  if (outcome.exitCode !== 1 || !/^program: /m.test(stderr)) return undefined;
  const message = firstLine(stderr, /^program: /).replace(/^program: /, '');
  const failed = /fail|assert/i.test(message);
  return {
    status: failed ? 'failed' : 'error',
    errorType: failed ? 'TestFailure' : 'HaskellError',
    message,
  };
}

export const haskell = defineProcessRuntime({
  language: 'haskell',
  versionArgv: [GHC, '--numeric-version'],
  debianPackages: 'ghc',
  // Debian keeps GHC's package database (base, containers, …) under /var/lib/ghc.
  mounts: ['/var/lib/ghc'],
  canaries: canaryFolder(import.meta.url, '.hs', (text) => `-- ${text.replace(/\n/g, ' ')}\n`),
  plan(source, limits, version) {
    const files = { 'program.hs': source, 'PasskMain.hs': PASSK_MAIN };
    // McEval: `ghc <file>` with its defaults (-O0). -v0: the progress lines are not output.
    const argv = [
      GHC,
      '-v0',
      '-main-is',
      'PasskMain',
      '-o',
      'program',
      'program.hs',
      'PasskMain.hs',
    ];
    const run = { argv: ['{artifacts}/program'] };
    return compiledPlan({ files, argv, version, limits, compileMs: 120_000, run });
  },
  diagnose,
});
