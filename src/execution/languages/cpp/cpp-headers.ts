import { realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { runCommand } from '../../run-command.js';
import { hostBuildLimits } from '../kit/toolchain-support.js';

/**
 * Which `#include <…>` blocks passk may precompile on the host (cpp-support.ts). The block comes
 * from candidates' text, and the host build runs as passk's user, outside the sandbox: so only
 * system headers qualify. A name is taken only when it is a plain relative name and the compiler,
 * searching its own include directories in its own order, would open a regular file of
 * reasonable size inside /usr. An absolute path (`</etc/shadow>`), a `..`, a device, a FIFO,
 * `/proc` or a file outside /usr never reaches the host compiler: such a program is compiled
 * in the sandbox only, like any other, where the sandbox's own rules apply.
 */

/** Segments of letters, digits, `_+-.`, none starting with a dot (no `.`, `..`, hidden files). */
const HEADER_NAME = /^[A-Za-z0-9_+-][A-Za-z0-9_+.-]*(?:\/[A-Za-z0-9_+-][A-Za-z0-9_+.-]*)*$/;
/** Every system header is far smaller (the largest in Debian's /usr/include are ~1 MB). */
const MAX_HEADER_BYTES = 4 * 2 ** 20;
/** The only tree a precompiled header may read from. */
const SYSTEM_ROOT = '/usr/';

/** `#include <NAME>` → NAME when NAME has the shape of a system header name, else undefined. */
export function headerName(line: string): string | undefined {
  const name = /^#include\s*<([^<>]*)>$/.exec(line.trim())?.[1];
  return name !== undefined && HEADER_NAME.test(name) ? name : undefined;
}

/** Search lists already read, per compiler and flags (one probe per process). */
const searchLists = new Map<string, Promise<string[]>>();

/**
 * The compiler's `#include <…>` search list, in its order (`g++ -E -v` prints it), for `gxx`
 * (the compiler and the flags it compiles with). Only directories inside /usr are kept.
 */
export function includeDirs(gxx: readonly string[]): Promise<string[]> {
  const key = gxx.join('\0');
  let found = searchLists.get(key);
  if (!found) {
    found = probeIncludeDirs(gxx);
    found.catch(() => searchLists.delete(key)); // a failed probe is tried again next run
    searchLists.set(key, found);
  }
  return found;
}

async function probeIncludeDirs(gxx: readonly string[]): Promise<string[]> {
  const { stderr } = await runCommand([...gxx, '-x', 'c++', '-E', '-v', '/dev/null'], {
    env: { PATH: '/usr/bin:/bin', LANG: 'C' },
    limits: hostBuildLimits(20_000, 2 * 2 ** 30),
  });
  const start = stderr.indexOf('#include <...> search starts here:');
  const end = stderr.indexOf('End of search list.');
  if (start < 0 || end < start) return [];
  return stderr
    .slice(start, end)
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter((dir) => dir.startsWith(SYSTEM_ROOT));
}

/**
 * True when every line of `block` names a system header that the compiler finds, in `dirs`, as
 * a regular file inside /usr of at most 4 MiB (symlinks followed).
 */
export async function systemHeadersOnly(block: string, dirs: readonly string[]): Promise<boolean> {
  for (const line of block.split('\n')) {
    const name = headerName(line);
    if (name === undefined || !(await isSystemHeader(name, dirs))) return false;
  }
  return true;
}

async function isSystemHeader(name: string, dirs: readonly string[]): Promise<boolean> {
  for (const dir of dirs) {
    const path = join(dir, name);
    const found = await stat(path).catch(() => undefined);
    if (!found) continue; // the compiler looks in the next directory too
    // The first one found is the one the compiler opens: it must be a plain header in /usr.
    if (!found.isFile() || found.size > MAX_HEADER_BYTES) return false;
    const real = await realpath(path).catch(() => '');
    return real.startsWith(SYSTEM_ROOT);
  }
  return false;
}
