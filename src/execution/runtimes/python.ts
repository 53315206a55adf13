import { existsSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RuntimeMissingError } from '../../core/errors.js';
import type { ResolvedPythonEnvironment } from '../environments/types.js';
import { runCommand } from '../run-command.js';
import type { Canaries, Runtime, WorkerFlags } from './types.js';

/** Debian's interpreter: outside any home directory, so an unprivileged uid can run it. */
const SYSTEM_PYTHON = '/usr/bin/python3';

/** `-I` (isolated: no env vars, no user site, no script dir) and `-S` (no site/.pth at start-up). */
export const PYTHON_FLAGS = ['-I', '-S'] as const;

/**
 * The python/ folder with runner.py and worker.py. From src/ it sits beside runtimes/; from a
 * built dist/ the package ships it at src/execution/python (see package.json "files").
 */
export function pythonSupportDir(): string {
  const candidates = ['../python/', '../../../src/execution/python/'];
  for (const candidate of candidates) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(`${dir}worker.py`)) return dir.replace(/\/$/, '');
  }
  throw new RuntimeMissingError('passk is installed without its Python worker files', {
    hint: 'reinstall passk; the package must contain src/execution/python/worker.py',
  });
}

/** The real interpreter behind a name (shims such as pyenv's are resolved by asking Python). Also the exec worker's driver. */
export async function probeInterpreter(
  requested: string | undefined,
): Promise<{ path: string; version: string }> {
  const name = requested ?? (existsSync(SYSTEM_PYTHON) ? SYSTEM_PYTHON : 'python3');
  const probe =
    'import sys, os, resource, json; assert sys.version_info >= (3, 9); print(sys.executable); print(sys.version.split()[0])';
  try {
    const { stdout } = await runCommand([name, ...PYTHON_FLAGS, '-c', probe]);
    const [path = '', version = ''] = stdout.trim().split('\n');
    return { path: realpathSync(path), version: `python ${version}` };
  } catch (error) {
    throw new RuntimeMissingError(`no usable Python 3.9+ interpreter at '${name}'`, {
      hint: 'install Debian python3 (apt-get install -y python3) or pass pythonPath',
      cause: error,
    });
  }
}

const canaries: Canaries = {
  wrong: 'def add(a, b):\n    return a - b\n\nassert add(1, 1) == 2\n',
  earlyExits: [
    'import sys\nsys.exit(0)\nassert False\n',
    'import os\nos._exit(0)\nassert False\n',
    'raise SystemExit\nassert False\n',
  ],
  sleeper: (seconds) => `import time\ntime.sleep(${seconds})\n`,
  comment: (text) => `# ${text.replace(/\n/g, ' ')}\n`,
};

/** The worker's / runner's view of an environment (python/task_environment.py). */
function environmentArg(environment: ResolvedPythonEnvironment | undefined): string[] {
  if (!environment) return [];
  return [JSON.stringify({ site: environment.sitePaths, env: environment.env })];
}

export const python: Runtime = {
  language: 'python',
  canaries,
  async resolve(options) {
    const { path: interpreter, version } = await probeInterpreter(options.pythonPath);
    const supportDir = pythonSupportDir();
    const { environment } = options;
    const spec = environmentArg(environment);
    return {
      language: 'python',
      version,
      interpreter,
      supportDir,
      programFile: 'program.py',
      ...(environment ? { environment, mounts: environment.mounts } : {}),
      // The nonce is not in argv (/proc/self/cmdline): the sandbox gives it on fd 5.
      onceArgv: (_nonce, limits, dir = supportDir) => [
        interpreter,
        ...PYTHON_FLAGS,
        `${dir}/runner.py`,
        JSON.stringify(limits),
        ...spec,
      ],
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
    };
  },
};
