import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { markUsed } from '../artifact-cleanup.js';
import { runCommand } from '../run-command.js';

/** A short content hash naming a toolchain-support folder. */
export function supportHash(...parts: string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}

/**
 * Builds a toolchain-support folder on the host (trusted inputs only, never a candidate's code):
 * writes `files` into a staging folder, runs `argv` there (`{dir}` = the staging folder), makes
 * it readable by every uid and renames it to `target` only when that succeeded, so a killed or
 * failed build leaves nothing half-made behind. Such folders sit in the artifact cache outside its
 * shards, which its eviction exempts. Resolves false when the build failed.
 */
export async function buildInto(
  target: string,
  files: Record<string, string>,
  argv: readonly string[],
): Promise<boolean> {
  if (existsSync(target)) {
    markUsed(target); // kept by the artifact clean-up while in use
    return true;
  }
  let staging: string | undefined;
  try {
    await mkdir(dirname(target), { recursive: true });
    staging = await mkdtemp(`${target}.staging-`);
    for (const [name, text] of Object.entries(files)) await writeFile(join(staging, name), text);
    const env = { PATH: '/usr/bin:/bin', TMPDIR: staging, HOME: staging, LANG: 'C.UTF-8' };
    await runCommand(
      argv.map((arg) => arg.replaceAll('{dir}', staging!)),
      { env, timeoutMs: 120_000 },
    );
    await runCommand(['/bin/chmod', '-R', 'a+rX', staging]);
    await rename(staging, target).catch(() => undefined); // another run built it first
    return true;
  } catch {
    return false; // programs then compile the slower way, with the same verdicts
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}
