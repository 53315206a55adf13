import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { evictOldestHeaders, type HeaderBound } from '../../artifact-cleanup.js';
import { buildInto, supportHash as hash, hostBuildLimits } from '../kit/toolchain-support.js';
import { headerName, includeDirs, systemHeadersOnly } from './cpp-headers.js';

/**
 * What passk compiles once per machine for C++ (on the host: trusted inputs only, never a
 * candidate's code), kept in the artifact cache's `cpp-support/` folder, which the compiled
 * programs' size-capped eviction exempts (its precompiled headers have a bound of their own,
 * PCH_BOUND): the end-sentinel wrapper as an object file (one compiler run fewer per program), and
 * precompiled headers for the `#include <…>` blocks many programs of a run start with.
 */
export interface CppSupport {
  /** The wrapper object, as the sandbox sees it. */
  wrapper: string;
  /** Leading include block → the header to `-include` (its .gch beside it), sandbox paths. */
  headers: Map<string, string>;
}

/** A block shared by fewer programs does not pay back its ~1.2 s CPU and ~30 MB. */
const PCH_MIN_USES = 8;
/**
 * The bound of one toolchain folder's precompiled headers (each ~30-200 MB): past either, the
 * least recently used other than the running run's are evicted (evictOldestHeaders); besides,
 * the artifact clean-up removes any unused for 3 days.
 */
export const PCH_BOUND: HeaderBound = { count: 24, bytes: 2 * 2 ** 30 };
/**
 * The program's leading `#include <…>` lines (blank lines between them allowed), or undefined.
 * Only names shaped like system headers (cpp-headers.ts), and only at the very top:
 * pre-including exactly these, in this order, before the program's first line is what the
 * program itself does first (their include guards make its own lines no-ops), so a precompiled
 * header changes no verdict.
 */
export function leadingIncludes(source: string): string | undefined {
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    if (line.trim() === '') continue;
    const name = headerName(line);
    if (name === undefined) break;
    lines.push(`#include <${name}>`);
  }
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** A precompiled header's build: cc1plus on system headers needs ~300 MB; 2 GiB bounds it. */
const PCH_LIMITS = hostBuildLimits(120_000, 2 * 2 ** 30);

/**
 * Builds (or finds) the wrapper object and the precompiled headers worth having for `sources`.
 * `host`: the artifact cache on this machine; `sandbox`: the same folder as programs see it.
 * A block is precompiled only when it names system headers alone (cpp-headers.ts).
 */
export async function ensureCppSupport(
  host: string,
  sandbox: string,
  version: string,
  flags: readonly string[],
  wrapper: string,
  sources: readonly string[],
): Promise<CppSupport | undefined> {
  const name = `cpp-support/${hash(version, ...flags, wrapper)}`;
  const root = join(host, name);
  await mkdir(root, { recursive: true });
  const gxx = ['/usr/bin/g++', ...flags];
  const object = join(root, 'wrapper');
  const built = await buildInto(object, { 'passk_main.cpp': wrapper }, [
    ...gxx,
    '-c',
    '{dir}/passk_main.cpp',
    '-o',
    '{dir}/passk_main.o',
  ]);
  if (!built) return undefined;
  const headers = new Map<string, string>();
  const wrapperPath = `${sandbox}/${name}/wrapper/passk_main.o`;
  // Without the compiler's search list no block can be shown to be system headers: none is.
  const dirs = await includeDirs(gxx).catch((): string[] => []);
  if (dirs.length === 0) return { wrapper: wrapperPath, headers };
  await sweepForeignHeaders(root, dirs);
  const todo = await headersToBuild(root, sources, dirs);
  const keep = new Set(todo.map(([, dir]) => dir));
  const fresh = todo.filter(([, dir]) => !existsSync(join(root, dir))).length;
  // Room for this run's new ones first, then the byte bound with their sizes known.
  await evictOldestHeaders(root, keep, { ...PCH_BOUND, count: PCH_BOUND.count - fresh });
  // As many at once as there are cores: the programs wait for these.
  const next = async (): Promise<void> => {
    const item = todo.shift();
    if (!item) return;
    const [block, dir] = item;
    const argv = [...gxx, '-x', 'c++-header', '{dir}/h.h', '-o', '{dir}/h.h.gch'];
    if (await buildInto(join(root, dir), { 'h.h': `${block}\n` }, argv, PCH_LIMITS)) {
      headers.set(block, `${sandbox}/${name}/${dir}/h.h`);
    }
    return next();
  };
  await Promise.all(Array.from({ length: availableParallelism() }, next));
  await evictOldestHeaders(root, keep, PCH_BOUND);
  return { wrapper: wrapperPath, headers };
}

/**
 * The blocks of system headers to precompile (or already precompiled) for `sources`, with their
 * folder names, most used first: those shared by enough programs, at most the bound's count
 * (older ones of other runs make room: evictOldestHeaders).
 */
async function headersToBuild(
  root: string,
  sources: readonly string[],
  dirs: readonly string[],
): Promise<[string, string][]> {
  const uses = new Map<string, number>();
  for (const source of sources) {
    const block = leadingIncludes(source);
    if (block) uses.set(block, (uses.get(block) ?? 0) + 1);
  }
  const todo: [string, string][] = [];
  for (const [block, count] of [...uses].sort((a, b) => b[1] - a[1])) {
    if (todo.length >= PCH_BOUND.count) break;
    const dir = `pch-${hash(block)}`;
    const done = existsSync(join(root, dir)); // built by an earlier run
    if (!done && count < PCH_MIN_USES) continue;
    if (!(await systemHeadersOnly(block, dirs))) continue;
    todo.push([block, dir]);
  }
  return todo;
}

/**
 * Deletes precompiled headers of blocks that are not system headers alone: an older passk built
 * any `<…>` block a run shared, absolute paths included, into this world-readable folder.
 */
async function sweepForeignHeaders(root: string, dirs: readonly string[]): Promise<void> {
  for (const entry of await readdir(root)) {
    if (!entry.startsWith('pch-') || entry.includes('.staging-')) continue; // another run's build
    const block = await readFile(join(root, entry, 'h.h'), 'utf8').catch(() => '');
    if (await systemHeadersOnly(block.trimEnd(), dirs)) continue;
    await rm(join(root, entry), { recursive: true, force: true });
  }
}
