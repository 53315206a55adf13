import { existsSync, realpathSync } from 'node:fs';
import { type ExecEnvironment, resolvePythonEnvironment } from '../execution/index.js';
import { runCommand } from '../execution/run-command.js';
import { PYTHON_FLAGS } from '../execution/runtimes/python.js';

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
 * Asks the interpreter programs run on, with the flags they run under, which packages a program
 * can import without touching sys.path: with -S there is no site-packages, so a program sees the
 * standard library only, whatever is installed (a verdict that does not depend on the machine).
 */
export const PACKAGES_PROBE = [
  'import json, os, sys',
  'seen = {}',
  // importlib.metadata costs ~35 ms of CPU to import, at every run; it finds distributions only
  // as *.dist-info / *.egg-info entries of a sys.path folder, or inside a sys.path zip, so when
  // there are none (the usual -S path: the standard library) the answer is empty without it.
  'def listed(p):',
  '    try: return os.listdir(p)',
  '    except OSError: return []',
  'def found(p):',
  '    return os.path.isfile(p) or any(e.endswith((".dist-info", ".egg-info")) for e in listed(p or "."))',
  'if any(found(p) for p in sys.path):',
  '    from importlib import metadata',
  '    for d in metadata.distributions(path=sys.path):',
  '        name = d.metadata["Name"]',
  '        if name: seen.setdefault(name, d.version)',
  'print(json.dumps({"interpreter": sys.executable, "version": sys.version.split()[0], "packages": [{"name": k, "version": v} for k, v in sorted(seen.items())]}))',
].join('\n');

/**
 * One interpreter start per evaluation, on the interpreter the python runtime picks by default;
 * with a task `environment`, also what it mounts and its modules' versions (the executor's probe,
 * memoised, so the same answer that went into the verdict cache keys).
 */
export async function pythonEnvironment(
  pythonPath?: string,
  environment?: ExecEnvironment,
  venv?: string,
): Promise<PythonEnvironment> {
  const name = pythonPath ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
  const { stdout } = await runCommand([name, ...PYTHON_FLAGS, '-c', PACKAGES_PROBE]);
  const probed = JSON.parse(stdout) as Omit<PythonEnvironment, 'flags'>;
  const interpreter = realpathSync(probed.interpreter);
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
