import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuntimeMissingError } from '../../../core/errors.js';
import { installFingerprint, readProbe, writeProbe } from '../../environments/probe-cache.js';
import { runCommand } from '../../run-command.js';

// The worker host every language shares: each slot's warm worker is a Python program
// (worker/worker.py for Python, worker/exec_worker.py for the others), so every language needs
// the interpreter and the worker's files found here.

/** Debian's interpreter: outside any home directory, so an unprivileged uid can run it. */
export const SYSTEM_PYTHON = '/usr/bin/python3';

/** `-I` (isolated: no env vars, no user site, no script dir) and `-S` (no site/.pth at start-up). */
export const PYTHON_FLAGS = ['-I', '-S'] as const;

/**
 * The worker/ folder with runner.py and worker.py. From src/ it is execution/worker; from a
 * built dist/ the package ships it at src/execution/worker (see package.json "files").
 */
export function pythonSupportDir(): string {
  const candidates = ['../../worker/', '../../../../src/execution/worker/'];
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
type Answer = { answer: { path: string; version: string }; stamp: string };
const answers = new Map<string, Answer>();

/** The interpreter file as it is now (size and mtime), the probe cache's fingerprint. */
const stampOf = (path: string): string => installFingerprint(path, []);

function knownAnswer(name: string): { path: string; version: string } | undefined {
  const entry = answers.get(name) ?? savedAnswer(name);
  if (entry === undefined) return undefined;
  if (stampOf(entry.answer.path) === entry.stamp) {
    answers.set(name, entry);
    return entry.answer;
  }
  answers.delete(name);
  return undefined;
}

/** The probe cache's file for an interpreter name (probe-cache.ts: beside the verdicts). */
const probeKey = (name: string): string =>
  `interpreter-${createHash('sha256').update(name).digest('hex').slice(0, 24)}`;

/**
 * An earlier process's answer for an absolute name, while the name still leads to the same file
 * (update-alternatives may point python3 at another version): each run would otherwise start
 * Python once more (~40 ms of CPU, 0.3 s of wall on a loaded machine) before anything else.
 */
function savedAnswer(name: string): Answer | undefined {
  if (!isAbsolute(name)) return undefined;
  const saved = readProbe<Answer>(probeKey(name));
  if (typeof saved?.answer?.path !== 'string' || typeof saved.answer.version !== 'string') {
    return undefined;
  }
  try {
    return realpathSync(name) === saved.answer.path ? saved : undefined;
  } catch {
    return undefined;
  }
}

function remember(name: string, answer: { path: string; version: string }): void {
  if (!isAbsolute(name)) return;
  let resolved: string;
  try {
    resolved = realpathSync(name);
  } catch {
    return;
  }
  if (resolved !== answer.path) return;
  const entry = { answer, stamp: stampOf(answer.path) };
  answers.set(name, entry);
  writeProbe(probeKey(name), entry);
}
