import { existsSync, realpathSync } from 'node:fs';
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
}

/**
 * Asks the interpreter programs run on, with the flags they run under, which packages a program
 * can import without touching sys.path: with -S there is no site-packages, so a program sees the
 * standard library only, whatever is installed (a verdict that does not depend on the machine).
 */
const PROBE = [
  'import json, sys',
  'from importlib import metadata',
  'seen = {}',
  'for d in metadata.distributions(path=sys.path):',
  '    name = d.metadata["Name"]',
  '    if name: seen.setdefault(name, d.version)',
  'print(json.dumps({"interpreter": sys.executable, "version": sys.version.split()[0], "packages": [{"name": k, "version": v} for k, v in sorted(seen.items())]}))',
].join('\n');

/** One interpreter start per evaluation, on the interpreter the python runtime picks by default. */
export async function pythonEnvironment(pythonPath?: string): Promise<PythonEnvironment> {
  const name = pythonPath ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
  const { stdout } = await runCommand([name, ...PYTHON_FLAGS, '-c', PROBE]);
  const probed = JSON.parse(stdout) as Omit<PythonEnvironment, 'flags'>;
  return {
    interpreter: realpathSync(probed.interpreter),
    version: probed.version,
    flags: [...PYTHON_FLAGS],
    packages: probed.packages,
  };
}
