import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolvePythonEnvironment } from '../../environments/resolve.js';
import type { ResolvedPythonEnvironment } from '../../environments/types.js';
import type { Verdict } from '../../types.js';
import { PROTOCOL } from '../../worker/protocol.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { comment } from '../kit/script-language.js';
import type {
  Canaries,
  ProgramAdapter,
  ResolveOptions,
  Runtime,
  Toolchain,
  WorkerFlags,
} from '../kit/types.js';
import { PYTHON_FLAGS, probeInterpreter, pythonSupportDir } from '../kit/worker-host.js';

/** runner.py's TESTS_MARKER (tasks/kit/python-program.ts has the tasks' copy). */
const PYTHON_TESTS_MARKER = PROTOCOL.markers.testsStart;

/**
 * worker/canaries/: one attack per class of issue 25 on the in-process judge (runner.py), run
 * before the tests in `tests_<kind>.py` (every comparison plain, through abs, or math.isclose),
 * and the tamper reason its verdict must carry.
 */
const ATTACKS: Record<string, { tests: 'plain' | 'abs' | 'isclose'; tamper?: string }> = {
  'report_extra_keys.py': { tests: 'plain', tamper: 'forged-event' },
  'dup2_result_fd.py': { tests: 'plain' },
  'fd_left_replaced.py': { tests: 'plain', tamper: 'result-fd-replaced' },
  'profile_reinstalls_trace.py': { tests: 'plain' },
  'patch_abs_during_tests.py': { tests: 'abs', tamper: 'builtins-patched' },
  'patch_isclose_during_tests.py': { tests: 'isclose', tamper: 'assertions-patched' },
  'poison_math_module.py': { tests: 'isclose', tamper: 'assertions-patched' },
};

/** A file of worker/canaries/. */
export const canaryFile = (name: string): string =>
  readFileSync(join(pythonSupportDir(), 'canaries', name), 'utf8');

const canaries: Canaries = {
  ...canaryFolder(import.meta.url, '.py', comment('#')),
  attacks: () =>
    Object.entries(ATTACKS).map(([name, { tests, tamper }]) => ({
      name,
      source: `${canaryFile(name)}${PYTHON_TESTS_MARKER}${canaryFile(`tests_${tests}.py`)}`,
      ...(tamper === undefined ? {} : { tamper }),
    })),
};

/** The worker's / runner's view of an environment (worker/task_environment.py). */
function environmentArg(environment: ResolvedPythonEnvironment | undefined): string[] {
  if (!environment) return [];
  return [JSON.stringify({ site: environment.sitePaths, env: environment.env })];
}

/** The libraries a task asked for, found on this machine (Debian's or the --python-env venv's). */
async function resolveEnvironment(
  options: ResolveOptions,
  interpreter: string,
): Promise<ResolvedPythonEnvironment | undefined> {
  if (!options.environment) return undefined;
  return resolvePythonEnvironment(options.environment.python, {
    interpreter,
    ...(options.pythonEnv === undefined ? {} : { venv: options.pythonEnv }),
  });
}

/** CPython, found once: its fork-server worker and its fresh-process runner. */
async function pythonToolchain(options: ResolveOptions): Promise<Toolchain> {
  const { path: interpreter, version } = await probeInterpreter(options.pythonPath);
  const supportDir = pythonSupportDir();
  const environment = await resolveEnvironment(options, interpreter);
  const spec = environmentArg(environment);
  return {
    language: 'python',
    version,
    interpreter,
    supportDir,
    ...(environment ? { environment, mounts: environment.mounts } : {}),
    // Scripts call subprocess.run(['python', …]), as upstream's images allow.
    commands: { python: interpreter },
    workerArgv: (flags: WorkerFlags, dir = supportDir) => [
      interpreter,
      ...PYTHON_FLAGS,
      `${dir}/worker.py`,
      '--scratch',
      flags.scratchDir,
      ...(flags.uid === undefined ? [] : ['--uid', String(flags.uid)]),
      ...(flags.pidNamespace ? ['--pid-namespace'] : []),
      ...(spec.length ? ['--environment', ...spec] : []),
    ],
    once: {
      programFile: 'program.py',
      // The nonce is not in argv (/proc/self/cmdline): the sandbox gives it on fd 5.
      argv: (limits, dir = supportDir) => [
        interpreter,
        ...PYTHON_FLAGS,
        `${dir}/runner.py`,
        JSON.stringify(limits),
        ...spec,
      ],
    },
  };
}

/**
 * The exit status runner.py's nonce hook ends a program with when the result fd was not the harness's pipe
 * when the end event was due (runner.TAMPER_STATUS): a program can choose it too, but only to
 * fail itself.
 */
export const TAMPER_STATUS = PROTOCOL.exitStatus.tamper;

/** A verdict whose process ended with TAMPER_STATUS and no other tamper reason gets one. */
export function reviewPython(_source: string, verdict: Verdict): Verdict {
  if (verdict.exitCode !== TAMPER_STATUS || verdict.tamper !== undefined) return verdict;
  if (verdict.errorType === 'SystemExit') return verdict; // sys.exit(86): the program's own choice
  return {
    ...verdict,
    status: 'failed',
    errorType: 'Tamper',
    message: 'the result fd was not the harness pipe when the tests ended',
    tamper: 'result-fd-replaced',
  };
}

/** Python's worker runs the source itself: the plan is the source (worker.py, runner.py). */
const adapter: ProgramAdapter = { plan: (source) => ({ source }), review: reviewPython };

export const python: Runtime = {
  language: 'python',
  canaries,
  resolve: async (options) => ({ toolchain: await pythonToolchain(options), adapter }),
};
