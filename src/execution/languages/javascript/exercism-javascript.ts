import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RuntimeMissingError } from '../../../core/errors.js';
import type { ExecPlan, RawOutcome } from '../../worker/protocol.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { enginesFolder, needingEngine } from '../kit/engines.js';
import { exercismCanaries } from '../kit/exercism-kit.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { atLeast, defineProcessRuntime, END_EVENT, firstLine } from '../kit/process-runtime.js';
import type { Diagnosis, Runtime } from '../kit/types.js';

/**
 * Aider polyglot's JavaScript exercises: Jest 29 with Exercism's Babel preset, as the track's
 * package.json asks. They are not passk dependencies (~100 MB that only this task needs):
 * `scripts/setup.sh --task aider-polyglot-javascript` installs the pinned set
 * (scripts/exercism-javascript/package-lock.json) with `npm ci` into
 * `.passk-engines/exercism-javascript` (outside node_modules, which `npm ci` of passk wipes), or
 * $PASSK_EXERCISM_JS_DIR names another such folder. It is mounted read-only in the sandbox and
 * found through NODE_PATH (the preset, the core-js polyfills it injects).
 */
export const JEST_DIR_VARIABLE = 'PASSK_EXERCISM_JS_DIR';

export function jestDir(env: NodeJS.ProcessEnv = process.env): string {
  return enginesFolder('exercism-javascript', JEST_DIR_VARIABLE, env);
}

/** Read once: the folder mounted in the sandbox and the one the programs use must agree. */
const JEST_DIR = jestDir();

const SETUP_HINT =
  'run `bash scripts/setup.sh --task aider-polyglot-javascript` (installs Jest and @exercism/babel-preset-javascript with npm into .passk-engines/exercism-javascript), or set PASSK_EXERCISM_JS_DIR to a folder where they are installed';

/**
 * Runs Jest in-band on the exercise folder with an explicit config (so an added jest.config.js
 * or package.json key cannot change which tests run), the cache in the scratch dir, a per-test
 * timeout of 30 s (Jest's default, 5 s, measures the machine's load as much as the code), and writes
 * the end event only when Jest returned with tests run and none failed: a candidate's
 * process.exit(0) ends Jest before that, and a suite that fails to load fails the run. Then it
 * exits, whatever the code left running.
 */
const JEST_RUNNER = harnessFile(import.meta.url, 'passk_jest.cjs', {
  NONCE_FD,
  RESULT_FD,
  END_EVENT,
});

/**
 * Run in each test file's context before the file (setupFilesAfterEnv): Jest's globals cannot be
 * replaced and its matchers and equality testers cannot be added to or swapped, so code under
 * test cannot turn the tests into no-ops (`test = (n, f) => t(n, () => {})`) or make `toEqual`
 * always pass. (The built-ins the matchers use, Object.is and the like, stay patchable: freezing
 * them would break the core-js polyfills Babel loads later; see docs/aider-polyglot.md.)
 */
const JEST_LOCK = harnessFile(import.meta.url, 'passk_jest_lock.cjs');

/** The harness files an exercise's folder gets beside its own (the run step starts the first). */
export const exercismJestFiles: Readonly<Record<string, string>> = {
  'passk_jest.cjs': JEST_RUNNER,
  'passk_jest_lock.cjs': JEST_LOCK,
};

/**
 * Jest's summary ("Tests: 1 failed, …") or a suite that failed to load ("Test suite failed to
 * run") is a failed exercise; anything else (Jest itself broken, the run cut short) an error.
 * The output loses the stack frames inside Jest's own modules (host paths, no help to a model),
 * and a first line the sandbox's 4 KiB tail cut in the middle.
 */
function diagnose(outcome: RawOutcome): Diagnosis | undefined {
  const tail = outcome.stderrTail;
  const whole = Buffer.byteLength(tail) < 4000 ? tail : tail.slice(tail.indexOf('\n') + 1);
  const output = whole.replace(/^ +at .*\/node_modules\/.*\n/gm, '');
  const failed = /^Tests:.*\bfailed\b|Test suite failed to run|^FAIL /m.test(output);
  return {
    status: failed ? 'failed' : 'error',
    errorType: failed ? 'TestFailure' : 'TestError',
    message:
      firstLine(output, /^\s*● /) ||
      firstLine(output, /FAIL|Error|error/, 'the tests did not pass'),
    output,
  };
}

/** Bump when a change here could change a verdict (part of the version, so of cache keys). */
const REVISION = 6;

const base = defineProcessRuntime({
  language: 'exercism-javascript',
  versionArgv: [
    '/usr/bin/node',
    '-p',
    `'r${REVISION}, node ' + process.version + ', jest ' + require(${JSON.stringify(`${JEST_DIR}/node_modules/jest/package.json`)}).version`,
  ],
  debianPackages: 'nodejs',
  mounts: [JEST_DIR],
  canaries: exercismCanaries(import.meta.url),
  planFiles(exercise, limits): ExecPlan {
    const modules = `${JEST_DIR}/node_modules`;
    return {
      files: {
        ...exercise,
        ...exercismJestFiles,
      },
      run: {
        argv: ['/bin/sh', '-c', 'exec /usr/bin/node --max-old-space-size=2048 passk_jest.cjs 1>&2'],
        env: { NODE_PATH: modules, PASSK_JEST_MODULES: modules, FORCE_COLOR: '0' },
        // V8 reserves far more address space than it uses, ~0.5 GiB per isolate, and
        // parallel-letter-frequency's tests start 50 worker threads (each an isolate): so the
        // address-space cap is 32 GiB; the memory actually used stays capped by the slot's
        // cgroup where there is one (docs/security.md) and each isolate's heap by V8's limit
        limits: {
          memoryBytes: atLeast(limits, { memoryBytes: 32 * 2 ** 30 }).memoryBytes,
          maxProcesses: Math.max(limits.maxProcesses, 1100),
        },
      },
    };
  },
  diagnose,
});

/** The error for a folder without Jest, naming the fix; undefined when Jest is there. */
export function missingJest(dir: string): RuntimeMissingError | undefined {
  if (existsSync(join(dir, 'node_modules', 'jest', 'package.json'))) return undefined;
  return new RuntimeMissingError(`Jest for exercism-javascript is not installed in ${dir}`, {
    hint: SETUP_HINT,
  });
}

/** The runtime, with a missing Jest folder named with its fix (not Debian's nodejs). */
export const exercismJavascript: Runtime = needingEngine(base, () => missingJest(JEST_DIR));
