import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../core/errors.js';
import { readSourceFile } from '../../core/source-files.js';
import { runCommand } from '../run-command.js';
import { installFingerprint, readProbe, writeProbe } from './probe-cache.js';
import type { PythonEnvironmentSpec, ResolvedPythonEnvironment } from './types.js';

/** Debian's packaged Python libraries (apt-get install python3-numpy …); read-only under /usr. */
export const DEBIAN_DIST_PACKAGES = '/usr/lib/python3/dist-packages';

/**
 * Set for every environment program, before the task's own `env`: a non-interactive matplotlib
 * backend (no display in the sandbox), and one thread per numeric library: the sandbox caps
 * processes and threads per uid, the machine's cores are shared by the workers, and a single
 * thread keeps floating-point reductions in one order (same program, same verdict).
 */
export const ENVIRONMENT_DEFAULT_ENV: Readonly<Record<string, string>> = {
  MPLBACKEND: 'Agg',
  OPENBLAS_NUM_THREADS: '1',
  OMP_NUM_THREADS: '1',
  MKL_NUM_THREADS: '1',
  NUMEXPR_NUM_THREADS: '1',
  PYTHONHASHSEED: '0',
};

/** Default address-space limit for environment tasks: numpy/pandas/scipy map far more than 2 GiB. */
export const ENVIRONMENT_MEMORY_BYTES = 4 * 1024 ** 3;

export interface EnvironmentOptions {
  /** The interpreter programs run on (absolute host path). */
  interpreter: string;
  /** A virtual environment to use instead of Debian's dist-packages (`--python-env DIR`). */
  venv?: string;
}

const memo = new Map<string, Promise<ResolvedPythonEnvironment>>();

/**
 * Finds where the task's modules come from and probes them (one interpreter start that imports
 * each, outside the sandbox, with the same sys.path and variables): their versions go into the
 * verdict cache key and metrics.json. Memoised per (spec, interpreter, venv) for the process.
 *
 * @throws ConfigError when `venv` is not a usable virtual environment for `interpreter`
 */
export function resolvePythonEnvironment(
  spec: PythonEnvironmentSpec,
  options: EnvironmentOptions,
): Promise<ResolvedPythonEnvironment> {
  const id = JSON.stringify([spec, options.interpreter, options.venv ?? null]);
  let found = memo.get(id);
  if (!found) {
    found = resolveOnce(spec, options);
    memo.set(id, found);
    found.catch(() => memo.delete(id));
  }
  return found;
}

async function resolveOnce(
  spec: PythonEnvironmentSpec,
  options: EnvironmentOptions,
): Promise<ResolvedPythonEnvironment> {
  const { interpreter } = options;
  const place =
    options.venv === undefined ? debianPlace() : await venvPlace(options.venv, interpreter);
  const env = { ...ENVIRONMENT_DEFAULT_ENV, ...venvPath(place.venv), ...spec.env };
  const { modules, errors } = await cachedProbe(interpreter, place.sitePaths, env, spec.modules);
  const mounts = [...place.mounts, ...(spec.readOnlyDirs ?? [])];
  const described = { ...place, mounts, env, modules };
  const key = createHash('sha256').update(JSON.stringify(described)).digest('hex');
  return { ...described, errors, key };
}

/**
 * A venv's bin dir first on PATH, as an activated venv has it: `python` and `python3` in a
 * program's subprocesses are then the venv's interpreter, which sees the venv's packages.
 */
function venvPath(venv: string | undefined): Record<string, string> {
  return venv === undefined ? {} : { PATH: `${venv}/bin:/usr/bin:/bin` };
}

type Place = Pick<ResolvedPythonEnvironment, 'source' | 'venv' | 'sitePaths' | 'mounts'>;

/**
 * The few files outside /usr that Debian's libraries read, bound read-only: /etc/alternatives
 * (symlinks choosing BLAS/LAPACK: without them numpy's C extensions do not load),
 * /etc/matplotlibrc (Debian's matplotlib finds its defaults only there) and /etc/ld.so.cache
 * (ctypes.util.find_library reads it: soundfile finds libsndfile so). Nothing else of /etc.
 */
const SYSTEM_FILES = ['/etc/alternatives', '/etc/matplotlibrc', '/etc/ld.so.cache'];

function systemMounts(): string[] {
  return SYSTEM_FILES.filter((path) => existsSync(path));
}

function debianPlace(): Place {
  return { source: 'debian', sitePaths: [DEBIAN_DIST_PACKAGES], mounts: systemMounts() };
}

/** A venv's site-packages for the interpreter's minor version (its binaries must match it). */
const VENV_HINT =
  'make it with `/usr/bin/python3 -m venv DIR` and install the task’s packages into it';

/**
 * @throws ConfigError when `dir` (`--python-env`) is not a virtual environment: checked before a
 *   run starts, whether or not its task needs libraries (a mistyped path is never ignored)
 */
export function checkVenvDir(dir: string): void {
  if (!existsSync(join(dir, 'pyvenv.cfg'))) {
    throw new ConfigError(`--python-env ${dir} is not a virtual environment (no pyvenv.cfg)`, {
      hint: VENV_HINT,
    });
  }
}

async function venvPlace(dir: string, interpreter: string): Promise<Place> {
  const hint = VENV_HINT;
  checkVenvDir(dir);
  const root = realpathSync(dir);
  const cfg = readFileSync(join(root, 'pyvenv.cfg'), 'utf8');
  const { stdout } = await runCommand([
    interpreter,
    '-I',
    '-S',
    '-c',
    'import sys; print("python%d.%d" % sys.version_info[:2])',
  ]);
  const want = stdout.trim();
  const site = join(root, 'lib', want, 'site-packages');
  if (!existsSync(site)) {
    const has = existsSync(join(root, 'lib')) ? readdirSync(join(root, 'lib')).join(', ') : 'none';
    throw new ConfigError(
      `--python-env ${dir} has no lib/${want}/site-packages (it has: ${has}); programs run on ${interpreter}`,
      { hint },
    );
  }
  const system = /^\s*include-system-site-packages\s*=\s*true\s*$/im.test(cfg);
  return {
    source: 'venv',
    venv: root,
    sitePaths: system ? [site, DEBIAN_DIST_PACKAGES] : [site],
    mounts: system ? [root, ...systemMounts()] : [root],
  };
}

/** Imports each module with the environment's sys.path; its version, or why it failed. */
const PROBE = readSourceFile(import.meta.url, 'probe_modules.py');

/** Importing torch or TensorFlow cold, on a loaded machine, takes a while. */
const PROBE_TIMEOUT_MS = 180_000;

/** probeModules, kept on disk per installed state (see probe-cache.ts). */
async function cachedProbe(
  interpreter: string,
  sitePaths: readonly string[],
  env: Record<string, string>,
  names: readonly string[],
): Promise<Pick<ResolvedPythonEnvironment, 'modules' | 'errors'>> {
  const key = createHash('sha256')
    .update(JSON.stringify([installFingerprint(interpreter, sitePaths), sitePaths, env, names]))
    .digest('hex');
  const saved = readProbe<Pick<ResolvedPythonEnvironment, 'modules' | 'errors'>>(key);
  if (saved?.modules !== undefined) return saved;
  const probed = await probeModules(interpreter, sitePaths, env, names);
  writeProbe(key, probed);
  return probed;
}

async function probeModules(
  interpreter: string,
  sitePaths: readonly string[],
  env: Record<string, string>,
  names: readonly string[],
): Promise<Pick<ResolvedPythonEnvironment, 'modules' | 'errors'>> {
  const home = await mkdtemp(join(tmpdir(), 'passk-env-probe-'));
  try {
    const { stdout } = await runCommand(
      [interpreter, '-I', '-S', '-c', PROBE, JSON.stringify(sitePaths), JSON.stringify(names)],
      {
        env: { ...env, ...perSampleEnv(home), PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' },
        timeoutMs: PROBE_TIMEOUT_MS,
      },
    );
    const lines = stdout.trim().split('\n');
    return JSON.parse(lines[lines.length - 1] ?? '{}');
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/** The writable per-sample locations libraries cache into, all inside the sample's scratch dir. */
export function perSampleEnv(scratch: string): Record<string, string> {
  return {
    HOME: scratch,
    XDG_CACHE_HOME: `${scratch}/.cache`,
    MPLCONFIGDIR: `${scratch}/.mpl`,
    TMPDIR: scratch,
  };
}
