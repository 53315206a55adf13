import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readSourceFile, sourceFilePath } from '../../../core/source-files.js';
import type { RawOutcome } from '../../worker/protocol.js';
import { harnessFile, harnessPlaceholders } from './harness-template.js';
import { firstLine, type ProcessRuntimeSpec } from './process-runtime.js';
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
 * `binary` is the tool `command` runs: when the command fails (the tool is not there) so does
 * this, and resolve() says `binary` is missing; the echo alone once succeeded whatever the tool
 * did, so a machine without cargo had "exercism r9 /bin/sh: …: not found" for a version and
 * every Rust exercise failed to build instead of the run being refused.
 */
const EXERCISM_REVISION = 9;
export function versionOf(
  binary: string,
  command: string,
): Pick<ProcessRuntimeSpec, 'versionArgv' | 'toolchainBinary'> {
  const line = `v=$(${command} 2>&1) || { echo "$v" >&2; exit 127; }; echo "exercism r${EXERCISM_REVISION} $v"`;
  return { versionArgv: ['/bin/sh', '-c', line], toolchainBinary: binary };
}

/**
 * Canaries as exercise directories, kept in the language folder's `exercism-canaries/`: `wrong/`
 * (its test fails), `early-exit/` (exits 0 before its test fails) and `sleeper/` (its files may
 * name `{{SECONDS}}` or `{{MILLISECONDS}}`), each holding the exercise's files at their paths.
 * Read now, once.
 */
export function exercismCanaries(moduleUrl: string): Canaries {
  const wrong = exerciseFiles(moduleUrl, 'wrong');
  const earlyExit = exerciseFiles(moduleUrl, 'early-exit');
  const sleeper = Object.keys(exerciseFiles(moduleUrl, 'sleeper'));
  return {
    wrong: { files: wrong },
    earlyExits: [{ files: earlyExit }],
    sleeper: (seconds) => ({
      files: Object.fromEntries(
        sleeper.map((path) => {
          const file = `exercism-canaries/sleeper/${path}`;
          const units = harnessPlaceholders(moduleUrl, file);
          const values = Object.fromEntries(
            units.map((unit) => [unit, unit === 'MILLISECONDS' ? seconds * 1000 : seconds]),
          );
          return [path, harnessFile(moduleUrl, file, values)];
        }),
      ),
    }),
    comment: (text) => `# ${text.replace(/\n/g, ' ')}\n`,
  };
}

/** The files under `exercism-canaries/<kind>/`, by their path there. */
function exerciseFiles(moduleUrl: string, kind: string): Record<string, string> {
  const root = sourceFilePath(moduleUrl, `exercism-canaries/${kind}`);
  const paths = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
  return Object.fromEntries(
    paths.map((path) => [path, readSourceFile(moduleUrl, `exercism-canaries/${kind}/${path}`)]),
  );
}
