import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { release } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSK_VERSION } from '../core/version.js';
import { pythonSupportDir } from './languages/kit/worker-host.js';

/**
 * The preflight's outcome kept between runs (issue 30): the canaries take seconds, and their
 * verdicts depend only on what the fingerprint holds, so a run whose fingerprint a passed
 * preflight already had skips them. A failed preflight is never kept.
 */

/** What an executor contributes to the fingerprint: its engine as found on this machine. */
export interface PreflightContext {
  /** The folder the outcomes are kept in (inside the artifact cache). */
  dir: string;
  /** Everything about the engine a canary's verdict could depend on. */
  engine: Record<string, unknown>;
}

/** A kept outcome: a passed preflight of `canaries` canaries. */
export interface KeptPreflight {
  canaries: number;
  passedAt: string;
}

/** The fingerprint: the engine, the canaries' programs and limits, the machine, passk. */
export function preflightKey(context: PreflightContext, canaries: string): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        passk: PASSK_VERSION,
        kernel: release(),
        uid: process.getuid?.() ?? null,
        code: executionCodeHash(),
        engine: context.engine,
        canaries: createHash('sha256').update(canaries).digest('hex'),
      }),
    )
    .digest('hex');
}

const fileOf = (dir: string, key: string): string => join(dir, `${key}.json`);

/** The outcome kept under `key`, if a passed preflight left one. */
export function keptPreflight(dir: string, key: string): KeptPreflight | undefined {
  try {
    const kept = JSON.parse(readFileSync(fileOf(dir, key), 'utf8')) as Partial<KeptPreflight>;
    if (typeof kept.canaries !== 'number' || typeof kept.passedAt !== 'string') return undefined;
    return { canaries: kept.canaries, passedAt: kept.passedAt };
  } catch {
    return undefined;
  }
}

/** Keeps a passed preflight's outcome; a cache that cannot be written costs the next run the canaries. */
export function keepPreflight(dir: string, key: string, canaries: number): void {
  const file = fileOf(dir, key);
  try {
    mkdirSync(dir, { recursive: true });
    const staging = `${file}.${process.pid}.tmp`;
    const kept: KeptPreflight = { canaries, passedAt: new Date().toISOString() };
    writeFileSync(staging, JSON.stringify(kept));
    renameSync(staging, file);
  } catch {
    // best effort
  }
}

/** The interpreter's (or another binary's) path and stat: a reinstalled one is another engine. */
export function fileStamp(path: string): string {
  try {
    const info = statSync(path);
    return `${path}:${info.size}:${info.mtimeMs}:${info.ino}`;
  } catch {
    return `${path}:missing`;
  }
}

let codeHash: string | undefined;

/**
 * The execution layer's code as this process runs it: the compiled (or, under tsx, source)
 * modules of execution/ and the files they read at run time (the worker, harnesses, canaries,
 * manifests). Tests are left out. Read once per process.
 */
export function executionCodeHash(): string {
  if (codeHash !== undefined) return codeHash;
  const hash = createHash('sha256');
  const here = dirname(fileURLToPath(import.meta.url));
  // src/execution, found through the worker folder (from dist/ too: the package ships it)
  const sources = dirname(pythonSupportDir());
  for (const root of new Set([here, sources])) {
    for (const file of filesUnder(root)) {
      hash.update(`${relative(root, file)}\0`).update(readFileSync(file));
    }
  }
  codeHash = hash.digest('hex');
  return codeHash;
}

const SKIPPED = /(\.test\.ts|\.test-helpers\.[jt]s|\.d\.ts|\.map|\.pyc)$/;

function filesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '__pycache__' && entry.name !== '__fixtures__') {
        found.push(...filesUnder(path));
      }
    } else if (entry.isFile() && !SKIPPED.test(entry.name)) found.push(path);
  }
  return found.sort();
}
