import type { RawOutcome } from '../../worker/protocol.js';
import { firstLine } from './process-runtime.js';
import type { Canaries, Diagnosis } from './types.js';

/**
 * What the Exercism runtimes share (languages/<name>/exercism.ts). Exercism exercises (Aider
 * polyglot) run with each language's own test tool over the whole exercise directory:
 * `exercism-python` (unittest discovery, as Aider's harness started with), `exercism-go` (go test,
 * module mode, offline), `exercism-rust` (cargo test, offline), `exercism-cpp`, `exercism-java`.
 * A run passes only when the test tool itself says every test ran and passed; everything the
 * tests printed is kept as the verdict's `output`, which a feedback task sends back to the model.
 */

/** A failed run keeps the last 4 KiB the tests printed (stderr; stdout is sent there). */
export function diagnoseWith(failedPattern: RegExp) {
  return (outcome: RawOutcome): Diagnosis | undefined => {
    const output = outcome.stderrTail;
    const failed = failedPattern.test(output);
    return {
      status: failed ? 'failed' : 'error',
      errorType: failed ? 'TestFailure' : 'TestError',
      message: firstLine(output, /FAIL|Error|error|panicked/, 'the tests did not pass'),
      output,
    };
  };
}

/**
 * The toolchain's version line, prefixed with the Exercism runtimes' revision: bump it when a
 * change in this file or any languages/<name>/exercism.ts could change a verdict (the version is part of every cache key).
 */
const EXERCISM_REVISION = 9;
export function versionOf(command: string): string[] {
  return ['/bin/sh', '-c', `echo "exercism r${EXERCISM_REVISION} $(${command} 2>&1)"`];
}

/** Canaries as exercise directories, one test file each. */
export function exercismCanaries(
  wrong: Record<string, string>,
  earlyExit: Record<string, string>,
  sleeper: (seconds: number) => Record<string, string>,
): Canaries {
  return {
    wrong: { files: wrong },
    earlyExits: [{ files: earlyExit }],
    sleeper: (seconds) => ({ files: sleeper(seconds) }),
    comment: (text) => `# ${text.replace(/\n/g, ' ')}\n`,
  };
}
