import type { RawOutcome } from '../../worker/protocol.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { compiledPlan } from '../kit/compiled-plan.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { atLeast, defineProcessRuntime, firstLine } from '../kit/process-runtime.js';
import type { Diagnosis } from '../kit/types.js';

/** Erlang/OTP 25 (Debian's erlang-nox): erlc and erl are scripts under its root, found there. */
const ROOT = '/usr/lib/erlang';
const ERLC = `${ROOT}/bin/erlc`;
const ERL = `${ROOT}/bin/erl`;

/** passk's runner (passk_erl.erl): reads the nonce, calls test/0, then writes the end event. */
export const RUNNER = harnessFile(import.meta.url, 'passk_erl.erl', { NONCE_FD, RESULT_FD });

/** The module a source declares (`-module(name).`); erlc wants it in `<name>.erl`. */
export function moduleName(source: string): string {
  return /^\s*-module\(\s*'?([a-z][\w@]*)'?\s*\)/m.exec(source)?.[1] ?? 'program';
}

/**
 * A crash in test/0 stops erl's boot: "init terminating in do_boot ({reason, stack})" on stderr
 * (the full term goes to stdout), status 1. A
 * failed match (`true = f(...)`, McEval's test shape) is a failed test; any other reason an error.
 */
function diagnose(outcome: RawOutcome): Diagnosis | undefined {
  const stderr = outcome.stderrTail;
  const boot = /init terminating in do_boot \(\{*([a-z_]+)/.exec(stderr);
  if (!boot) return undefined;
  const reason = boot[1] ?? 'error';
  const message = firstLine(stderr, /init terminating in do_boot/);
  if (reason === 'badmatch') return { status: 'failed', errorType: 'badmatch', message };
  return { status: 'error', errorType: reason, message };
}

export const erlang = defineProcessRuntime({
  language: 'erlang',
  versionArgv: [
    ERL,
    '-noshell',
    '-eval',
    'io:format("OTP ~s~n", [erlang:system_info(otp_release)]), halt().',
  ],
  debianPackages: 'erlang-nox',
  canaries: canaryFolder(import.meta.url, '.erl', (text) => `%% ${text.replace(/\n/g, ' ')}\n`),
  plan(source, limits, version) {
    const module = moduleName(source);
    const files = { [`${module}.erl`]: source, 'passk_erl.erl': RUNNER };
    // McEval: `erlc <file>` with its defaults (warnings printed, not verdicts).
    const argv = [ERLC, 'passk_erl.erl', `${module}.erl`];
    const outputs = ['passk_erl.beam', `${module}.beam`];
    // ERL_CRASH_DUMP_SECONDS=0: a crashed boot writes no erl_crash.dump into the scratch dir.
    const run = {
      argv: [
        ERL,
        '-noshell',
        '-pa',
        '{artifacts}',
        '-s',
        'passk_erl',
        'run',
        module,
        '-s',
        'init',
        'stop',
      ],
      env: { ERL_CRASH_DUMP_SECONDS: '0' },
      // erl does not start in less than 1.5 GiB of address space: 2 GiB at least, as the JVM gets.
      limits: { memoryBytes: atLeast(limits, { memoryBytes: 2 * 2 ** 30 }).memoryBytes },
    };
    return compiledPlan({ files, argv, version, limits, compileMs: 60_000, outputs, run });
  },
  diagnose,
});
