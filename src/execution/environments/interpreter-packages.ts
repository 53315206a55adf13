import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { readSourceFile } from '../../core/source-files.js';
import { runCommand } from '../run-command.js';
import { installFingerprint, readProbe, writeProbe } from './probe-cache.js';

/** What a program without an environment sees: the interpreter and what its sys.path holds. */
export interface InterpreterPackages {
  /** sys.executable, symlinks resolved. */
  interpreter: string;
  version: string;
  /** Distributions importable from the programs' default sys.path (none: standard library only). */
  packages: { name: string; version: string }[];
}

/**
 * Asks the interpreter, with the flags programs run under (-I -S), which distributions its
 * sys.path holds; with -S there is no site-packages, so normally none. sys.path comes back too:
 * the saved answer stays valid while those directories and the interpreter are unchanged.
 */
const PROBE = readSourceFile(import.meta.url, 'interpreter_packages.py');

interface Saved extends InterpreterPackages {
  path: string[];
  /** installFingerprint(interpreter, path) when probed. */
  fingerprint: string;
}

/**
 * The interpreter behind `name` and the distributions on its sys.path under `flags`. The answer
 * is kept in the probe cache (probe-cache.ts) and reused while the interpreter and every sys.path
 * directory are unchanged (an install there changes the fingerprint): one interpreter start
 * (~0.1 s of CPU, importlib.metadata) per installed state instead of one per evaluation. Only
 * when `name` is the interpreter itself (a path, symlinks allowed): a shim such as pyenv's may
 * start another interpreter tomorrow, so it is asked every time.
 */
export async function interpreterPackages(
  name: string,
  flags: readonly string[],
): Promise<InterpreterPackages> {
  const key = cacheKey(name, flags);
  const saved = key === undefined ? undefined : readProbe<Saved>(key);
  if (saved !== undefined && fresh(saved)) return answer(saved);
  const { stdout } = await runCommand([name, ...flags, '-c', PROBE]);
  const probed = JSON.parse(stdout) as Omit<Saved, 'fingerprint'>;
  const interpreter = realpathSync(probed.interpreter);
  const result: Saved = {
    ...probed,
    interpreter,
    fingerprint: installFingerprint(interpreter, probed.path),
  };
  if (key !== undefined && resolved(name) === interpreter) writeProbe(key, result);
  return answer(result);
}

/** Where `name` leads on disk, or undefined when it is not a path (looked up on PATH). */
function resolved(name: string): string | undefined {
  if (!name.includes('/')) return undefined;
  try {
    return realpathSync(name);
  } catch {
    return undefined;
  }
}

/** The cache key for `name` as it is now (the file it leads to, its size and mtime). */
function cacheKey(name: string, flags: readonly string[]): string | undefined {
  const file = resolved(name);
  if (file === undefined) return undefined;
  return createHash('sha256')
    .update(JSON.stringify(['interpreter-packages', name, flags, installFingerprint(file, [])]))
    .digest('hex');
}

/** A saved answer still holds when nothing it depends on changed since it was probed. */
function fresh(saved: Saved): boolean {
  return (
    typeof saved.fingerprint === 'string' &&
    Array.isArray(saved.path) &&
    installFingerprint(saved.interpreter, saved.path) === saved.fingerprint
  );
}

function answer({ interpreter, version, packages }: Saved): InterpreterPackages {
  return { interpreter, version, packages };
}
