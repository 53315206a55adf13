import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { markUsed, stagingPrefix } from '../../artifact-cleanup.js';
import { type HostLimits, runCommand } from '../../run-command.js';

/** A short content hash naming a toolchain-support folder. */
export function supportHash(...parts: string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}

/** How long a toolchain-support build may take (wall clock) before its process group is killed. */
const BUILD_TIMEOUT_MS = 120_000;

/**
 * The rlimits of a build on the host, per process: its CPU time no more than the wall clock it is
 * given; 8 GiB of address space (a JVM reserves ~2.5 GiB of it at start for its heap and class
 * space: it does not start under 2 GiB); files up to 2 GiB (a precompiled header is ~30-200 MB).
 */
export function hostBuildLimits(timeoutMs: number, memoryBytes = 8 * 2 ** 30): HostLimits {
  return {
    cpuSeconds: Math.ceil(timeoutMs / 1000),
    memoryBytes,
    fileBytes: 2 * 2 ** 30,
    processes: 4096,
  };
}

/**
 * Builds a toolchain-support folder on the host (trusted inputs only, never a candidate's code):
 * writes `files` into a staging folder, runs `argv` there (`{dir}` = the staging folder), makes
 * it readable by every uid and renames it to `target` only when that succeeded, so a killed or
 * failed build leaves nothing half-made behind. Such folders sit in the artifact cache outside its
 * shards, which its eviction exempts. The build runs under `limits` (default: hostBuildLimits)
 * in a process group of its own, killed as a whole after 120 s (run-command.ts). Resolves false
 * when the build failed.
 */
export async function buildInto(
  target: string,
  files: Record<string, string>,
  argv: readonly string[],
  limits: HostLimits = hostBuildLimits(BUILD_TIMEOUT_MS),
): Promise<boolean> {
  if (existsSync(target)) {
    markUsed(target); // kept by the artifact clean-up while in use
    return true;
  }
  let staging: string | undefined;
  try {
    await mkdir(dirname(target), { recursive: true });
    staging = await mkdtemp(stagingPrefix(target));
    for (const [name, text] of Object.entries(files)) await writeFile(join(staging, name), text);
    const env = { PATH: '/usr/bin:/bin', TMPDIR: staging, HOME: staging, LANG: 'C.UTF-8' };
    await runCommand(
      argv.map((arg) => arg.replaceAll('{dir}', staging!)),
      { env, timeoutMs: BUILD_TIMEOUT_MS, limits },
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
