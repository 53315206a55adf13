import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuntimeMissingError } from '../../core/errors.js';
import { installFingerprint } from '../environments/probe-cache.js';
import { resolvePythonEnvironment } from '../environments/resolve.js';
import type { ResolvedPythonEnvironment } from '../environments/types.js';
import { runCommand } from '../run-command.js';
import type { Verdict } from '../types.js';
import { PROTOCOL } from '../worker/protocol.js';
import type {
  Canaries,
  ProgramAdapter,
  ResolveOptions,
  Runtime,
  Toolchain,
  WorkerFlags,
} from './types.js';

/** Debian's interpreter: outside any home directory, so an unprivileged uid can run it. */
const SYSTEM_PYTHON = '/usr/bin/python3';

/** runner.py's TESTS_MARKER (tasks/python-program.ts has the tasks' copy). */
const PYTHON_TESTS_MARKER = PROTOCOL.markers.testsStart;

/** `-I` (isolated: no env vars, no user site, no script dir) and `-S` (no site/.pth at start-up). */
export const PYTHON_FLAGS = ['-I', '-S'] as const;

/**
 * The worker/ folder with runner.py and worker.py. From src/ it sits beside runtimes/; from a
 * built dist/ the package ships it at src/execution/python (see package.json "files").
 */
export function pythonSupportDir(): string {
  const candidates = ['../worker/', '../../../src/execution/worker/'];
  for (const candidate of candidates) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(`${dir}worker.py`)) return dir.replace(/\/$/, '');
  }
  throw new RuntimeMissingError('passk is installed without its Python worker files', {
    hint: 'reinstall passk; the package must contain src/execution/worker/worker.py',
  });
}

/** The interpreter name the python runtime starts: `requested`, else Debian's, else `python3`. */
export const interpreterName = (requested?: string): string =>
  requested ?? (existsSync(SYSTEM_PYTHON) ? SYSTEM_PYTHON : 'python3');

/** The real interpreter behind a name (shims such as pyenv's are resolved by asking Python). Also the exec worker's driver. */
export async function probeInterpreter(
  requested: string | undefined,
): Promise<{ path: string; version: string }> {
  const name = interpreterName(requested);
  const known = knownAnswer(name);
  if (known !== undefined) return known;
  const probe =
    'import sys, os, resource, json; assert sys.version_info >= (3, 9); print(sys.executable); print(sys.version.split()[0])';
  try {
    const { stdout } = await runCommand([name, ...PYTHON_FLAGS, '-c', probe]);
    const [path = '', version = ''] = stdout.trim().split('\n');
    const answer = { path: realpathSync(path), version: `python ${version}` };
    remember(name, answer);
    return answer;
  } catch (error) {
    throw new RuntimeMissingError(`no usable Python 3.9+ interpreter at '${name}'`, {
      hint: 'install Debian python3 (apt-get install -y python3) or pass pythonPath',
      cause: error,
    });
  }
}

/**
 * Answers of interpreters named by their own absolute path, while that file is unchanged: an
 * evaluation asks two or three times and each ask starts Python (~40 ms of CPU). A shim (a name
 * that is not the interpreter itself, e.g. pyenv's `python3`, which an environment variable can
 * point elsewhere) is asked every time.
 */
const answers = new Map<string, { answer: { path: string; version: string }; stamp: string }>();

/** The interpreter file as it is now (size and mtime), the probe cache's fingerprint. */
const stampOf = (path: string): string => installFingerprint(path, []);

function knownAnswer(name: string): { path: string; version: string } | undefined {
  const entry = answers.get(name);
  if (entry === undefined) return undefined;
  if (stampOf(entry.answer.path) === entry.stamp) return entry.answer;
  answers.delete(name);
  return undefined;
}

function remember(name: string, answer: { path: string; version: string }): void {
  if (!isAbsolute(name)) return;
  let resolved: string;
  try {
    resolved = realpathSync(name);
  } catch {
    return;
  }
  if (resolved === answer.path) answers.set(name, { answer, stamp: stampOf(answer.path) });
}

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
  wrong: 'def add(a, b):\n    return a - b\n\nassert add(1, 1) == 2\n',
  earlyExits: [
    'import sys\nsys.exit(0)\nassert False\n',
    'import os\nos._exit(0)\nassert False\n',
    'raise SystemExit\nassert False\n',
  ],
  sleeper: (seconds) => `import time\ntime.sleep(${seconds})\n`,
  comment: (text) => `# ${text.replace(/\n/g, ' ')}\n`,
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
