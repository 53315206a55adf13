import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { buildInto, supportHash as hash } from './toolchain-support.js';

/**
 * What passk compiles once per machine for C++ (on the host: trusted inputs only, never a
 * candidate's code), kept in the artifact cache's `cpp-support/` folder, which its eviction
 * exempts: the end-sentinel wrapper as an object file (one compiler run fewer per program), and
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
/** At most this many precompiled headers per toolchain folder (each ~30 MB; never evicted). */
const PCH_MAX = 24;
/** A system header name: no quotes, no `..`, nothing a shell or path could make more of. */
const SYSTEM_INCLUDE = /^#include\s*<([A-Za-z0-9_+./-]+)>\s*$/;

/**
 * The program's leading `#include <…>` lines (blank lines between them allowed), or undefined.
 * Only system headers, and only at the very top: pre-including exactly these, in this order,
 * before the program's first line is what the program itself does first (their include guards
 * make its own lines no-ops), so a precompiled header changes no verdict.
 */
export function leadingIncludes(source: string): string | undefined {
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    if (line.trim() === '') continue;
    const match = SYSTEM_INCLUDE.exec(line.trim());
    if (!match || match[1]!.includes('..')) break;
    lines.push(`#include <${match[1]}>`);
  }
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/**
 * Builds (or finds) the wrapper object and the precompiled headers worth having for `sources`.
 * `host`: the artifact cache on this machine; `sandbox`: the same folder as programs see it.
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
  const uses = new Map<string, number>();
  for (const source of sources) {
    const block = leadingIncludes(source);
    if (block) uses.set(block, (uses.get(block) ?? 0) + 1);
  }
  const headers = new Map<string, string>();
  let room = PCH_MAX - (await readdir(root)).filter((entry) => entry.startsWith('pch-')).length;
  const todo: [string, string][] = [];
  for (const [block, count] of [...uses].sort((a, b) => b[1] - a[1])) {
    const dir = `pch-${hash(block)}`;
    const done = existsSync(join(root, dir)); // built by an earlier run
    if (!done && (count < PCH_MIN_USES || room-- <= 0)) continue;
    todo.push([block, dir]);
  }
  // As many at once as there are cores: the programs wait for these.
  const next = async (): Promise<void> => {
    const item = todo.shift();
    if (!item) return;
    const [block, dir] = item;
    const argv = [...gxx, '-x', 'c++-header', '{dir}/h.h', '-o', '{dir}/h.h.gch'];
    if (await buildInto(join(root, dir), { 'h.h': `${block}\n` }, argv)) {
      headers.set(block, `${sandbox}/${name}/${dir}/h.h`);
    }
    return next();
  };
  await Promise.all(Array.from({ length: availableParallelism() }, next));
  return { wrapper: `${sandbox}/${name}/wrapper/passk_main.o`, headers };
}
