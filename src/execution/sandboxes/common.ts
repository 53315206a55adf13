import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { chmodSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Toolchain } from '../languages/kit/types.js';
import type { ExecLimits } from '../types.js';
import type { ResolvedLimits } from './types.js';

export const DEFAULT_MAX_PROCESSES = 64;
export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;
export const DEFAULT_MAX_OPEN_FILES = 256;

/**
 * How far a program starved of CPU may run past its limit in wall time (fork_run.py Clock): with
 * 10, a busy loop gets its whole budget up to a load of ~20 runnable tasks per 2 cores.
 */
export const WALL_BACKSTOP_FACTOR = 10;

/** Fills optional limits; CPU seconds sit above the wall limit so the wall clock decides first. */
export function resolveLimits(limits: ExecLimits): ResolvedLimits {
  return {
    timeoutMs: limits.timeoutMs,
    memoryBytes: limits.memoryBytes,
    outputBytes: limits.outputBytes,
    maxProcesses: limits.maxProcesses ?? DEFAULT_MAX_PROCESSES,
    maxFileBytes: limits.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    maxOpenFiles: limits.maxOpenFiles ?? DEFAULT_MAX_OPEN_FILES,
    cpuSeconds: Math.ceil(limits.timeoutMs / 1000) + 1,
    wallFactor: limits.wallFactor ?? WALL_BACKSTOP_FACTOR,
  };
}

/**
 * The only environment a program sees: nothing inherited (no tokens, no proxies, no HOME).
 * `bin`: a passk-made dir put first on PATH (see commandDir).
 */
export function cleanEnv(home: string, bin?: string): Record<string, string> {
  const path = bin === undefined ? '/usr/bin:/bin' : `${bin}:/usr/bin:/bin`;
  return { PATH: path, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', HOME: home };
}

/**
 * A dir under `parent` (passk's own temp dir, removed with it) holding the toolchain's commands
 * (`Toolchain.commands`, e.g. Python's `python` → the interpreter programs run on: Debian has
 * only python3, and scripts run `subprocess.run(['python', …])`). Undefined when it has none.
 * The bwrap sandbox makes the same links inside its own root instead.
 */
export function commandDir(toolchain: Toolchain, parent: string): string | undefined {
  const commands = Object.entries(toolchain.commands ?? {});
  if (commands.length === 0) return undefined;
  const dir = join(parent, 'bin');
  mkdirSync(dir);
  chmodSync(dir, 0o755); // programs run as another uid (as root) must reach it
  for (const [name, target] of commands) symlinkSync(target, join(dir, name));
  return dir;
}

export function runningAsRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Unprivileged uids, one per slot, for programs when passk runs as root (RLIMIT_NPROC is
 * ignored for root and counts per uid). The base is random so two passk runs on one machine do
 * not share uids (and cannot kill each other's programs). Undefined when not root.
 */
export function allocateUids(count: number): number[] | undefined {
  if (!runningAsRoot()) return undefined;
  const base = randomInt(1_000_000, 2_000_000_000);
  return Array.from({ length: count }, (_, index) => base + index);
}

/** SIGKILL to a whole process group; a group that is already gone is fine. */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // ESRCH: already dead.
    }
  }
}

/**
 * Kills every process owned by `uid` (a slot's dedicated uid): `kill -9 -1` run as that uid
 * reaches exactly the program's leftovers, daemonised or not, and nothing else.
 */
export function killAllOfUid(uid: number): Promise<void> {
  return new Promise((resolve) => {
    const killer = spawn('/bin/kill', ['-9', '--', '-1'], {
      uid,
      gid: uid,
      stdio: 'ignore',
      env: {},
    });
    killer.on('error', () => resolve());
    killer.on('close', () => resolve());
  });
}
