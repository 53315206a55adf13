import { interpreterPackages } from '../execution/environments/interpreter-packages.js';
import { type ExecEnvironment, resolvePythonEnvironment } from '../execution/index.js';
import {
  interpreterName,
  PYTHON_FLAGS,
  probeInterpreter,
} from '../execution/languages/kit/worker-host.js';

/** What Python programs run with: recorded in metrics.json as `environment.python`. */
export interface PythonEnvironment {
  interpreter: string;
  version: string;
  /** The flags programs run under (-I -S: no site-packages, no user site, no PYTHON* vars). */
  flags: string[];
  /** Distributions importable from the programs' default sys.path (none: standard library only). */
  packages: { name: string; version: string }[];
  /** Tasks with a library environment: where the libraries come from, as programs see them. */
  source?: 'debian' | 'venv';
  /** The --python-env directory (source 'venv'). */
  venv?: string;
  /** Site dirs added to the programs' sys.path, mounted read-only. */
  sitePaths?: string[];
  /** The task's modules: version ('' when it has none), null when it does not import. */
  modules?: Record<string, string | null>;
  /** Variables every program of the task gets (HOME etc. are per sample, in its scratch dir). */
  env?: Record<string, string>;
}

/**
 * The real interpreter programs run on by default, from the cached answer (no interpreter
 * start once known); when Python cannot be asked, probeInterpreter's error says how to fix it.
 */
export async function defaultInterpreter(): Promise<string> {
  try {
    return (await interpreterPackages(interpreterName(), PYTHON_FLAGS)).interpreter;
  } catch {
    return (await probeInterpreter(undefined)).path;
  }
}

/**
 * The interpreter the python runtime picks by default and the packages programs see without an
 * environment (asked once per installed state: interpreter-packages.ts); with a task
 * `environment`, also what it mounts and its modules' versions (the executor's probe, memoised,
 * so the same answer that went into the verdict cache keys).
 */
export async function pythonEnvironment(
  pythonPath?: string,
  environment?: ExecEnvironment,
  venv?: string,
): Promise<PythonEnvironment> {
  const probed = await interpreterPackages(interpreterName(pythonPath), PYTHON_FLAGS);
  const { interpreter } = probed;
  const base = { interpreter, version: probed.version, flags: [...PYTHON_FLAGS] };
  if (!environment) return { ...base, packages: probed.packages };
  const resolved = await resolvePythonEnvironment(environment.python, {
    interpreter,
    ...(venv === undefined ? {} : { venv }),
  });
  return {
    ...base,
    packages: probed.packages,
    source: resolved.source,
    ...(resolved.venv === undefined ? {} : { venv: resolved.venv }),
    sitePaths: resolved.sitePaths,
    modules: resolved.modules,
    env: resolved.env,
  };
}
